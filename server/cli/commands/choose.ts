import { ensureHub } from '../../hub-client/ensure-hub.js';
import { EXIT } from '../../terminal/exit-codes.js';
import type { CliCommand } from '../command.js';

export const chooseCommand: CliCommand = {
  name: 'choose',
  summary: 'answer a pending question in the terminal UI (no id: the oldest pending one)',
  help: `Usage: gatehouse choose [session_id]

Opens a pending choice in the terminal. Without an id, opens the oldest pending one.

Keys: ↑↓ or j/k move · Space select (multi: toggle) · Enter submit · Tab note on the current option ·
g note for the whole answer · f your own answer (when allowed) · / or a digit: type a number, label or
text · s settings (language, interface, timeouts, notes, hints, continue in the browser) · w continue in
the browser · Esc cancel (asks for an optional note first) · Ctrl-C leave without answering.

Exit codes: 0 submitted (or continued in the browser), 3 cancelled, 4 timed out, 5 hub lost,
130 left with Ctrl-C (the question stays open), 1 error.`,
  allowPositionals: true,
  async run(args, io) {
    if (!io.stdin.isTTY || !io.stdout.isTTY) {
      io.stderr.write('gatehouse choose: needs an interactive terminal (stdin and stdout must be a TTY); use `gatehouse answer` in scripts\n');
      return EXIT.usage;
    }
    if (args.positionals.length > 1) {
      io.stderr.write('gatehouse choose: takes at most one session id\n');
      return EXIT.usage;
    }
    const { answerInTerminal, currentTranslate } = await import('../../terminal/answer-in-terminal.js'); // loaded only when used
    const { fetchOldestPending } = await import('../../terminal/pick-session.js');
    const hub = await ensureHub();
    const id = args.positionals[0] ?? (await fetchOldestPending(hub));
    if (!id) {
      io.stdout.write((await currentTranslate(hub))('choose.noPending') + '\n');
      return EXIT.submitted;
    }
    const answer = await answerInTerminal(hub, id, { input: io.stdin, output: io.stdout });
    io.stdout.write(answer.summary.join('\n') + '\n');
    return answer.exitCode;
  },
};
