// The record of every permission request (issue 21, part 4): what an agent wanted, what was decided and who
// decided — a rule, the person (and where), a session grant, a timeout, a protected path, a policy error — and how
// long it took. A request decided by a rule or a grant makes no gate, so the record is its own file:
// <data dir>/permissions.jsonl, one JSON object a line, each append written and fsynced on its own (O(1) however
// long the history is). `gatehouse policy log | replay | suggest` read it.
import { open, readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { PermissionDecidedBy } from '../../shared/choice/decided-by.js';
import type { Risk } from '../../shared/permission/risk.js';
import type { Decision } from './types.js';

export interface PermissionRecord {
  /** Record format version. */
  v: 1;
  id: string;
  /** When the request reached the hub (ISO 8601). */
  time: string;
  /** claude | codex | gemini | qwen. */
  agent: string;
  /** The CLI's session id from its hook input (null when it sent none). */
  agent_session: string | null;
  /** The project folder (the nearest folder at or above cwd with .git or .gatehouse, else cwd). */
  project: string;
  cwd: string;
  /** The CLI's own tool name. */
  tool: string;
  /** What it wanted, as the gate shows it (the command line, else the input as JSON), clipped. */
  detail: string;
  /** The hook's tool_input, long strings clipped: what `policy replay` decides again. */
  input: unknown;
  /** The answer the CLI was given: allow, deny, or ask (its own dialog decides). */
  decision: Decision;
  decided_by: PermissionDecidedBy;
  /** The request's risk grade and its reasons (absent in records made before it existed). */
  risk?: Risk;
  /** The gate's choice session, when the person was asked. */
  gate: string | null;
  /** Time to decide, in milliseconds. */
  ms: number;
  /** The `gatehouse run` task the request came from, if any. */
  task?: string;
  /**
   * The CLI's hook event that brought it: its hook before every tool call (PreToolUse, BeforeTool) or its
   * permission hook (PermissionRequest). Absent in records made before issue 31.
   */
  event?: string;
  /** The CLI's permission mode as its hook input says (Claude Code: default, acceptEdits, bypassPermissions, plan …). */
  mode?: string;
}

const MAX_DETAIL = 2000;
const MAX_INPUT_STRING = 16_384;

function clipString(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}

/** The tool input with every string longer than 16 KiB clipped (a file's whole content need not be kept). */
export function clipInput(input: unknown, depth = 0): unknown {
  if (typeof input === 'string') return clipString(input, MAX_INPUT_STRING);
  if (depth > 6 || input === null || typeof input !== 'object') return input;
  if (Array.isArray(input)) return input.map((v) => clipInput(v, depth + 1));
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, clipInput(v, depth + 1)]));
}

export type NewPermissionRecord = Omit<PermissionRecord, 'v' | 'id' | 'detail' | 'input'> & { detail: string; input: unknown };

export class PermissionLog {
  private tail: Promise<void> = Promise.resolve();

  constructor(readonly file: string) {}

  /** Appends one record (fsynced before it resolves). Appends are kept in order; a failure rejects that append only. */
  append(record: NewPermissionRecord): Promise<PermissionRecord> {
    const full: PermissionRecord = { v: 1, id: randomUUID(), ...record, detail: clipString(record.detail, MAX_DETAIL), input: clipInput(record.input) };
    const line = `${JSON.stringify(full)}\n`;
    const write = this.tail.then(async () => {
      const handle = await open(this.file, 'a', 0o600);
      try {
        await handle.write(line);
        await handle.sync();
      } finally {
        await handle.close();
      }
    });
    this.tail = write.catch(() => undefined);
    return write.then(() => full);
  }
}

const logs = new Map<string, PermissionLog>();

/** The one PermissionLog of a file in this process, so appends from the standalone and the task routes keep order. */
export function permissionLogAt(file: string): PermissionLog {
  let log = logs.get(file);
  if (!log) logs.set(file, (log = new PermissionLog(file)));
  return log;
}

export interface ReadRecords {
  records: PermissionRecord[];
  /** Lines that are not a record (a torn last line after a crash, a hand edit): skipped. */
  skipped: number;
}

/** The records of `file`, oldest first, those at or after `since` (ms since the epoch) when given. No file: none. */
export async function readPermissionLog(file: string, since?: number): Promise<ReadRecords> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], skipped: 0 };
    throw err;
  }
  const records: PermissionRecord[] = [];
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const r = JSON.parse(line) as PermissionRecord;
      if (r === null || typeof r !== 'object' || r.v !== 1 || typeof r.time !== 'string') {
        skipped++;
        continue;
      }
      if (since !== undefined && Date.parse(r.time) < since) continue;
      records.push(r);
    } catch {
      skipped++;
    }
  }
  return { records, skipped };
}

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "7d", "12h", "30m", "45s" → milliseconds; anything else throws naming the flag. */
export function parseDuration(value: string, flag: string): number {
  const m = /^(\d+)([smhd])$/.exec(value.trim());
  if (!m) throw new RangeError(`${flag}: expected a number and a unit — s, m, h or d (e.g. 7d, 12h) — got ${JSON.stringify(value)}`);
  return Number(m[1]) * UNITS[m[2]!]!;
}
