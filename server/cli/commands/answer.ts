import type { ChoiceSessionView } from '../../../shared/choice/session-types.js';
import { ensureHub } from '../../hub-client/ensure-hub.js';
import { HubRequestError } from '../../hub-client/hub-client.js';
import { EXIT, exitCodeForStatus } from '../../terminal/exit-codes.js';
import type { CliCommand } from '../command.js';

/** `id=text` pairs → a record; returns the first malformed one as an error. */
export function parsePairs(values: string[], what: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const value of values) {
    const at = value.indexOf('=');
    if (at <= 0) throw new Error(`${what} ${JSON.stringify(value)}: expected id=text`);
    out[value.slice(0, at)] = value.slice(at + 1);
  }
  return out;
}

export function hubErrorText(err: HubRequestError): string {
  return err.problems.length ? err.problems.map((p) => `${p.field}: ${p.message}`).join('\n') : err.message;
}

export const answerCommand: CliCommand = {
  name: 'answer',
  summary: 'answer (or cancel) a pending question without a UI',
  help: `Usage: gatehouse answer <session_id> --option <id> [--option <id> …] [--note <text>]
       gatehouse answer <session_id> --free-text <text>
       gatehouse answer <session_id> --answers '<json>' [--note <text>]
       gatehouse answer <session_id> --cancel [--note <text>]

Answers a pending choice through the hub, as a script or another program would, and prints the typed
result as JSON.

Options:
  -o, --option <id>          an option to select, by its id or its number as shown (1, 2, …; repeat for several)
  -a, --annotation <id=text> a note on one option (repeat)
  -n, --note <text>          a note on the whole answer (with --cancel: the reason)
  -f, --free-text <text>     your own answer (when the question allows it)
      --answers <json>       a gate with several questions: one answer per question, as JSON
                             [{"question_index": 0, "selected_ids": ["pg"], "free_text"?: "…"}, …]
      --cancel               cancel the question instead of answering

Exit codes: 0 submitted, 3 cancelled, 1 the hub refused (already ended, unknown id, invalid answer).`,
  allowPositionals: true,
  options: {
    option: { type: 'string', short: 'o', multiple: true },
    annotation: { type: 'string', short: 'a', multiple: true },
    note: { type: 'string', short: 'n' },
    'free-text': { type: 'string', short: 'f' },
    answers: { type: 'string' },
    cancel: { type: 'boolean' },
  },
  async run(args, io) {
    const [id, ...extra] = args.positionals;
    if (!id || extra.length) {
      io.stderr.write('gatehouse answer: give exactly one session id (see --help)\n');
      return EXIT.usage;
    }
    const v = args.values;
    const selected = (v.option as string[] | undefined) ?? [];
    let annotations: Record<string, string>;
    try {
      annotations = parsePairs((v.annotation as string[] | undefined) ?? [], '--annotation');
    } catch (err) {
      io.stderr.write(`gatehouse answer: ${(err as Error).message}\n`);
      return EXIT.usage;
    }
    if (v.cancel && (selected.length || v['free-text'] !== undefined || v.answers !== undefined)) {
      io.stderr.write('gatehouse answer: --cancel goes with --note only\n');
      return EXIT.usage;
    }
    let answers: unknown;
    if (v.answers !== undefined) {
      if (selected.length || v['free-text'] !== undefined || Object.keys(annotations).length) {
        io.stderr.write('gatehouse answer: --answers carries every question\'s picks and own words: not with --option, --free-text or --annotation\n');
        return EXIT.usage;
      }
      try {
        answers = JSON.parse(v.answers as string);
      } catch (err) {
        io.stderr.write(`gatehouse answer: --answers: not JSON (${(err as Error).message}); give [{"question_index": 0, "selected_ids": ["id"]}, …]\n`);
        return EXIT.usage;
      }
    }
    if (!v.cancel && !selected.length && v['free-text'] === undefined && answers === undefined) {
      io.stderr.write('gatehouse answer: pass --option <id> (or --free-text, --answers for several questions, or --cancel)\n');
      return EXIT.usage;
    }
    const hub = await ensureHub({ start: false });
    const path = `/api/sessions/${encodeURIComponent(id)}`;
    try {
      if (selected.length && answers === undefined) {
        // An option is given by its id or by its number as the gate shows it (1, 2, …); anything else lists them.
        const { session: asked } = await hub.request<{ session: ChoiceSessionView }>('GET', path);
        const picked = pickOptions(asked.request.options, selected);
        if (typeof picked === 'string') {
          io.stderr.write(`gatehouse answer: ${picked}\n`);
          return EXIT.error;
        }
        selected.splice(0, selected.length, ...picked);
      }
      const { session } = v.cancel
        ? await hub.request<{ session: ChoiceSessionView }>('POST', `${path}/cancel`, { ...(v.note !== undefined ? { global_annotation: v.note } : {}), interface: 'cli' })
        : answers !== undefined
          ? await hub.request<{ session: ChoiceSessionView }>('POST', `${path}/submit`, { answers, ...(v.note !== undefined ? { global_annotation: v.note } : {}), interface: 'cli' })
          : await hub.request<{ session: ChoiceSessionView }>('POST', `${path}/submit`, {
            selected_ids: selected,
            annotations,
            ...(v.note !== undefined ? { global_annotation: v.note } : {}),
            ...(v['free-text'] !== undefined ? { free_text: v['free-text'] } : {}),
            interface: 'cli',
          });
      io.stdout.write(JSON.stringify(session.result, null, 2) + '\n');
      // Taken all the same; the person is told it reaches no one unless the agent comes back.
      if (session.agent_gone_at) io.stderr.write(`gatehouse answer: the agent that asked left at ${session.agent_gone_at} (its MCP client closed): no agent has read this; it gets it if it polls ${session.id} again\n`);
      return exitCodeForStatus(session.status);
    } catch (err) {
      if (!(err instanceof HubRequestError)) throw err;
      // With --answers the hub's field names (answers[1].selected_ids[0]) point into the JSON the person gave.
      io.stderr.write(`gatehouse answer: ${answers !== undefined ? hubErrorText(err) : answerFlagWords(hubErrorText(err), selected)}\n`);
      return EXIT.error;
    }
  },
};

/**
 * The option ids for what was typed: an option's id, or its number as the gate shows it (1-based; an id wins when
 * an option's id is itself a number). Anything else: the error text, listing every option's number, id and label.
 */
export function pickOptions(options: ReadonlyArray<{ id: string; label: string }>, typed: readonly string[]): string[] | string {
  const ids = new Set(options.map((o) => o.id));
  const out: string[] = [];
  for (const value of typed) {
    const n = /^\d+$/.test(value) ? Number(value) : 0;
    if (ids.has(value)) out.push(value);
    else if (n >= 1 && n <= options.length) out.push(options[n - 1]!.id);
    else {
      const width = String(options.length).length;
      const idWidth = Math.max(...options.map((o) => o.id.length));
      const list = options.map((o, i) => `  ${String(i + 1).padStart(width)}. ${o.id.padEnd(idWidth)}  ${o.label}`).join('\n');
      return `--option ${JSON.stringify(value)}: unknown option id ${JSON.stringify(value)}; give an id or a number:\n${list}`;
    }
  }
  return out;
}

/** The hub names answer fields; the person typed flags: `selected_ids[0]` → `--option "zzz"`, `free_text` → `--free-text`. */
export function answerFlagWords(text: string, selected: readonly string[]): string {
  return text
    .replace(/selected_ids\[(\d+)\]/g, (_m, i: string) => `--option ${JSON.stringify(selected[Number(i)] ?? '')}`)
    .replace(/\bselected_ids\b/g, '--option')
    .replace(/\bannotations\.([^:\s]+)/g, '--annotation $1=…')
    .replace(/\bglobal_annotation\b/g, '--note')
    .replace(/\bfree_text\b/g, '--free-text');
}
