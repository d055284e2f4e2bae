import type { ChoiceSessionView } from '../../../shared/choice/session-types.js';
import { ensureHub } from '../../hub-client/ensure-hub.js';
import { hubRetryDelay, ridesOut } from '../../hub-client/hub-retry.js';
import { HubRequestError } from '../../hub-client/hub-client.js';
import { openBrowser } from '../../platform/open-browser.js';
import { EXIT, exitCodeForStatus } from '../../terminal/exit-codes.js';
import type { CliCommand, ParsedArgs } from '../command.js';
import { hubErrorText } from './answer.js';
import { ArgumentError, wholeNumber } from '../parse-arguments.js';
import { commandLineLike } from '../command-line-hint.js';
import { CHOICE_LIMITS } from '../../../shared/choice/limits.js';
import { gitBranch } from '../../platform/git-branch.js';
import { ONE_QUESTION_FLAGS, readQuestions } from './ask-questions.js';

type Handoff = { session: ChoiceSessionView; url: string; terminal_command: string };

/** `-o id=Label` or `-o Label` (the id is then made from the label). An empty id or label is refused. */
export function parseOption(raw: string, index: number): { id: string; label: string } {
  const at = raw.indexOf('=');
  if (at >= 0) {
    const id = raw.slice(0, at).trim();
    const label = raw.slice(at + 1).trim();
    if (!id) throw new ArgumentError(`--option ${JSON.stringify(raw)}: the id before "=" is empty (write -o id=Label, or -o Label)`);
    if (!label) throw new ArgumentError(`--option ${JSON.stringify(raw)}: the label after "=" is empty`);
    return { id, label };
  }
  if (!raw.trim()) throw new ArgumentError(`--option ${JSON.stringify(raw)}: the label is empty`);
  const id = raw.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || `option-${index + 1}`;
  return { id, label: raw.trim() };
}

const INTERFACES = ['auto', 'web', 'terminal'];

/** The request of `ask`: one question from the flags, or (with `questions`, read from --questions) several. */
export function buildAskRequest(args: ParsedArgs, questions?: unknown): Record<string, unknown> {
  const v = args.values;
  const prompt = args.positionals.join(' ').trim();
  const iface = (v.interface as string | undefined) ?? 'auto';
  if (!INTERFACES.includes(iface)) throw new ArgumentError(`--interface: must be one of ${INTERFACES.join(', ')} (got ${JSON.stringify(iface)})`);
  const common = {
    ...(v.title !== undefined ? { title: v.title } : {}),
    ...(v.timeout !== undefined ? { timeout_seconds: wholeNumber(v.timeout, '--timeout', 1) } : {}),
    ...(v['default-on-timeout'] ? { timeout_action: 'submit_recommended' } : {}),
    interface: iface,
  };
  if (questions !== undefined) {
    const mixed = ONE_QUESTION_FLAGS.filter((flag) => v[flag] !== undefined);
    if (mixed.length) throw new ArgumentError(`${mixed.map((f) => `--${f}`).join(', ')}: not with --questions (each question in the file has its own options, multi_select and allow_free_text)`);
    return { ...(prompt ? { prompt } : {}), questions, ...common };
  }
  if (!prompt) throw new ArgumentError('give the question as the first argument: gatehouse ask "<prompt>" -o id=Label … (or several questions with --questions <file>)');
  const recommended = new Set((v.recommended as string[] | undefined) ?? []);
  const options = ((v.option as string[] | undefined) ?? []).map(parseOption).map((o) => ({ ...o, ...(recommended.has(o.id) ? { recommended: true } : {}) }));
  for (const id of recommended) {
    if (!options.some((o) => o.id === id)) throw new ArgumentError(`--recommended ${JSON.stringify(id)}: no --option has this id (ids: ${options.map((o) => o.id).join(', ') || 'none'})`);
  }
  return {
    prompt,
    options,
    selection_mode: v.multi ? 'multi' : 'single',
    ...(v.min !== undefined ? { min_selections: wholeNumber(v.min, '--min', 0) } : {}),
    ...(v.max !== undefined ? { max_selections: wholeNumber(v.max, '--max', 0) } : {}),
    ...(v['free-text'] ? { allow_free_text: true } : {}),
    ...common,
  };
}

export const askCommand: CliCommand = {
  name: 'ask',
  summary: 'ask a person a question from a script; prints the answer as JSON',
  help: `Usage: gatehouse ask "<prompt>" -o <id>=<Label> [-o …] [options]
       gatehouse ask ["<context>"] --questions <file|-> [options]

Creates a choice in the hub, waits for the answer (browser, terminal UI, or \`gatehouse answer\` from
elsewhere) and prints the typed result as JSON on stdout. Progress goes to stderr.

Options:
  -o, --option <id=Label>   an option (repeat; \`-o Label\` alone makes the id from the label)
  -r, --recommended <id>    mark an option recommended (repeat)
  -t, --title <text>        short title (default: first line of the prompt)
  -m, --multi               let the person pick several (with --min/--max)
      --min <n>, --max <n>  bounds on the number of picks
      --free-text           accept an answer of the person's own
      --timeout <seconds>   time to answer (default from the settings, 300); kept within
                            ${CHOICE_LIMITS.minTimeoutSeconds}–${CHOICE_LIMITS.maxTimeoutSeconds}, and a changed value is said on stderr
      --default-on-timeout  on timeout submit the recommended option(s) instead of failing
  -i, --interface <name>    auto (default), web or terminal (terminal opens the UI right here)
      --no-wait             print the pending hand-off as JSON and exit at once
      --questions <file|->  ask 1–${CHOICE_LIMITS.maxQuestions} questions at once, answered in one form: a JSON array
                            (file, or - for stdin) of {question, header?, options: [{id, label,
                            description?, recommended?}], multi_select?, allow_free_text?}; not with
                            -o/-r/-m/--min/--max/--free-text. The result then has answers[] (one per
                            question, in order: question_index, selected, free_text?)

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
    questions: { type: 'string' },
  },
  async run(args, io) {
    let request: Record<string, unknown>;
    try {
      const source = args.values.questions as string | undefined;
      request = buildAskRequest(args, source === undefined ? undefined : await readQuestions(source, io.stdin));
    } catch (err) {
      io.stderr.write(`gatehouse ask: ${(err as Error).message}\n`);
      return EXIT.usage;
    }
    const hub = await ensureHub();
    const tuiOut = io.stdout.isTTY ? io.stdout : io.stderr.isTTY ? io.stderr : null;
    const interactive = Boolean(io.stdin.isTTY && tuiOut);
    let created: Handoff;
    try {
      created = await hub.request<Handoff>('POST', '/api/sessions', { ...request, client_capabilities: { interactive_terminal: interactive }, source: { kind: 'cli', agent: 'cli', project: process.cwd(), branch: await gitBranch(process.cwd()) } });
    } catch (err) {
      if (!(err instanceof HubRequestError)) throw err;
      io.stderr.write(`gatehouse ask: ${inFlagWords(hubErrorText(err))}\n`);
      return err.status === 400 ? EXIT.usage : EXIT.error;
    }
    const { session } = created;
    for (const notice of session.notices ?? []) io.stderr.write(`gatehouse ask: note: ${inFlagWords(notice)}\n`);
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
      const scripted = session.request.questions ? `answer ${session.id} --answers '[{"question_index": 0, "selected_ids": ["<id>"]}, …]'` : `answer ${session.id} --option <id>`;
      io.stderr.write(`Waiting for an answer to ${session.id}\n  open:     ${created.url}\n  terminal: ${created.terminal_command}\n  script:   ${commandLineLike(created.terminal_command, scripted)}\n`);
      if (session.interface === 'web') await openBrowser(created.url);
    }
    for (let failures = 0; ; ) {
      let now: Handoff['session'];
      try {
        ({ session: now } = await hub.request<Handoff>('GET', `/api/sessions/${encodeURIComponent(session.id)}/wait?seconds=50`));
        failures = 0;
      } catch (err) {
        // A paired machine's hub restarting or its tunnel down: wait for it, the answer is kept for this gate.
        if (!ridesOut(hub.link, err)) throw err;
        await new Promise((r) => setTimeout(r, hubRetryDelay(failures++)));
        continue;
      }
      if (now.status !== 'pending' && now.result) {
        io.stdout.write(JSON.stringify(now.result, null, 2) + '\n');
        return exitCodeForStatus(now.status);
      }
    }
  },
};

/** The hub names request fields; the person typed flags: `options[1].id` → `--option #2 id`, `timeout_seconds` → `--timeout`. */
export function inFlagWords(text: string): string {
  return text
    .replace(/(?<![.\w])options\[(\d+)\](?:\.(\w+))?/g, (_m, i: string, part?: string) => `--option #${Number(i) + 1}${part ? ` ${part}` : ''}`)
    .replace(/\bmin_selections\b/g, '--min')
    .replace(/\bmax_selections\b/g, '--max')
    .replace(/\btimeout_seconds\b/g, '--timeout')
    .replace(/(?<![.\w])options:/g, '--option:')
    .replace(/\bprompt:/g, '<prompt>:');
}
