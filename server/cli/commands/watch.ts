import { ensureHub } from '../../hub-client/ensure-hub.js';
import { EXIT } from '../../terminal/exit-codes.js';
import type { CliCommand } from '../command.js';

export const watchCommand: CliCommand = {
  name: 'watch',
  summary: 'terminal inbox: open each pending question in turn, and new ones as they arrive',
  help: `Usage: gatehouse watch

Waits for questions and opens each pending one in the terminal UI (oldest first), one after the other.
Same keys as \`gatehouse choose\`. q or Ctrl-C while waiting stops watching; Ctrl-C inside a question
leaves it open and stops watching.`,
  async run(_args, io) {
    if (!io.stdin.isTTY || !io.stdout.isTTY) {
      io.stderr.write('gatehouse watch: needs an interactive terminal\n');
      return EXIT.usage;
    }
    const { runWatchInbox } = await import('../../terminal/watch-inbox.js'); // loaded only when used
    const hub = await ensureHub();
    const result = await runWatchInbox(hub, { input: io.stdin, output: io.stdout });
    if (result.summary.length) io.stdout.write(result.summary.join('\n') + '\n');
    return result.exitCode;
  },
};
