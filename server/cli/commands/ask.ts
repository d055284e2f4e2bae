import type { ChoiceSessionView } from '../../../shared/choice/session-types.js';
import { ensureHub } from '../../hub-client/ensure-hub.js';
import { HubRequestError } from '../../hub-client/hub-client.js';
import { openBrowser } from '../../platform/open-browser.js';
import { EXIT, exitCodeForStatus } from '../../terminal/exit-codes.js';
import type { CliCommand, ParsedArgs } from '../command.js';
import { hubErrorText } from './answer.js';

type Handoff = { session: ChoiceSessionView; url: string; terminal_command: string };

/** `-o id=Label` or `-o Label` (the id is then made from the label). */
export function parseOption(raw: string, index: number): { id: string; label: string } {
  const at = raw.indexOf('=');
  if (at > 0) return { id: raw.slice(0, at).trim(), label: raw.slice(at + 1).trim() };
  const id = raw.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || `option-${index + 1}`;
  return { id, label: raw.trim() };
}

function int(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`${name}: must be a number (got ${JSON.stringify(value)})`);
  return n;
}

export function buildAskRequest(args: ParsedArgs): Record<string, unknown> {
  const v = args.values;
  const prompt = args.positionals.join(' ').trim();
  if (!prompt) throw new Error('give the question as the first argument: gatehouse ask "<prompt>" -o id=Label …');
  const recommended = new Set((v.recommended as string[] | undefined) ?? []);
  const options = ((v.option as string[] | undefined) ?? []).map(parseOption).map((o) => ({ ...o, ...(recommended.has(o.id) ? { recommended: true } : {}) }));
  return {
    prompt,
    options,
    ...(v.title !== undefined ? { title: v.title } : {}),
    selection_mode: v.multi ? 'multi' : 'single',
    ...(v.min !== undefined ? { min_selections: int(v.min, '--min') } : {}),
    ...(v.max !== undefined ? { max_selections: int(v.max, '--max') } : {}),
    ...(v['free-text'] ? { allow_free_text: true } : {}),
    ...(v.timeout !== undefined ? { timeout_seconds: int(v.timeout, '--timeout') } : {}),
    ...(v['default-on-timeout'] ? { timeout_action: 'submit_recommended' } : {}),
    interface: (v.interface as string | undefined) ?? 'auto',
  };
}

export const askCommand: CliCommand = {
  name: 'ask',
  summary: 'ask a person a question from a script; prints the answer as JSON',
  help: `Usage: gatehouse ask "<prompt>" -o <id>=<Label> [-o …] [options]

Creates a choice in the hub, waits for the answer (browser, terminal UI, or \`gatehouse answer\` from
elsewhere) and prints the typed result as JSON on stdout. Progress goes to stderr.

Options:
  -o, --option <id=Label>   an option (repeat; \`-o Label\` alone makes the id from the label)
  -r, --recommended <id>    mark an option recommended (repeat)
  -t, --title <text>        short title (default: first line of the prompt)
  -m, --multi               let the person pick several (with --min/--max)
      --min <n>, --max <n>  bounds on the number of picks
      --free-text           accept an answer of the person's own
      --timeout <seconds>   time to answer (default from the settings, 300)
      --default-on-timeout  on timeout submit the recommended option(s) instead of failing
  -i, --interface <name>    auto (default), web or terminal (terminal opens the UI right here)
      --no-wait             print the pending hand-off as JSON and exit at once

Exit codes: 0 submitted (also auto-submitted with --default-on-timeout; see answered_by),
3 cancelled, 4 timed out, 2 bad arguments or request, 1 other error.`,
  allowPositionals: true,
  options: {
    option: { type: 'string', short: 'o', multiple: true },
    recommended: { type: 'string', short: 'r', multiple: true },
    title: { type: 'string', short: 't' },
    multi: { type: 'boolean', short: 'm' },
    min: { type: 'string' },
    max: { type: 'string' },
    'free-text': { type: 'boolean' },
    timeout: { type: 'string' },
    'default-on-timeout': { type: 'boolean' },
    interface: { type: 'string', short: 'i' },
    'no-wait': { type: 'boolean' },
  },
  async run(args, io) {
    let request: Record<string, unknown>;
    try {
      request = buildAskRequest(args);
    } catch (err) {
      io.stderr.write(`gatehouse ask: ${(err as Error).message}\n`);
      return EXIT.usage;
    }
    const hub = await ensureHub();
    const tuiOut = io.stdout.isTTY ? io.stdout : io.stderr.isTTY ? io.stderr : null;
    const interactive = Boolean(io.stdin.isTTY && tuiOut);
    let created: Handoff;
    try {
      created = await hub.request<Handoff>('POST', '/api/sessions', { ...request, client_capabilities: { interactive_terminal: interactive } });
    } catch (err) {
      if (!(err instanceof HubRequestError)) throw err;
      io.stderr.write(`gatehouse ask: ${hubErrorText(err)}\n`);
      return err.status === 400 ? EXIT.usage : EXIT.error;
    }
    const { session } = created;
    if (args.values['no-wait']) {
      io.stdout.write(JSON.stringify({ status: 'pending', session_id: session.id, url: created.url, terminal_command: created.terminal_command }, null, 2) + '\n');
      return EXIT.submitted;
    }
    if (session.interface === 'terminal' && interactive && tuiOut) {
      const { answerInTerminal } = await import('../../terminal/answer-in-terminal.js');
      const answer = await answerInTerminal(hub, session.id, { input: io.stdin, output: tuiOut });
      io.stderr.write(answer.summary.join('\n') + '\n');
      if (answer.outcome.kind === 'hub_lost') return EXIT.hubLost;
    } else {
      io.stderr.write(`Waiting for an answer to ${session.id}\n  open:     ${created.url}\n  terminal: ${created.terminal_command}\n  script:   gatehouse answer ${session.id} --option <id>\n`);
      if (session.interface === 'web') await openBrowser(created.url);
    }
    for (;;) {
      const { session: now } = await hub.request<Handoff>('GET', `/api/sessions/${encodeURIComponent(session.id)}/wait?seconds=50`);
      if (now.status !== 'pending' && now.result) {
        io.stdout.write(JSON.stringify(now.result, null, 2) + '\n');
        return exitCodeForStatus(now.status);
      }
    }
  },
};
