import type { GateSource } from './choice/gate-source.js';

/**
 * One row of the portal's interaction list. Every kind of gate (choice sessions, resolve tasks,
 * orchestrated tasks) is summarised in this one shape so the list renders them uniformly.
 */
export interface InteractionSummary {
  kind: 'choice' | 'resolve' | 'task';
  id: string;
  title: string;
  /** choice: pending|submitted|auto-submitted|cancelled|timeout; other kinds use their own states. */
  status: string;
  /** web | terminal | chat | elicitation | agent | pty */
  interface: string;
  active: boolean;
  /** Who the gate waits on now, if anyone. */
  waiting_on: 'person' | 'agent' | null;
  created_at: string;
  ended_at: string | null;
  deadline_at: string | null;
  /** Path in the portal that shows it, e.g. /choice/<id>. */
  href: string;
  /** Who is asking (agent, project, branch), when the gate recorded it. */
  source?: GateSource | null;
  /** A pending choice whose asking agent is gone (ChoiceSessionView.agent_gone_at); absent otherwise. */
  agent_gone_at?: string;
  /** How many questions a choice gate asks, when it asks several (absent for one). */
  questions?: number;
  /** A permission gate for an edit: the lines it adds and removes across its files (absent otherwise). */
  change?: { added: number; removed: number };
}

/** Identifies a row across kinds (ids are unique per kind). */
export interface InteractionKey {
  kind: InteractionSummary['kind'];
  id: string;
}

export const rowKey = (row: InteractionKey): string => `${row.kind}:${row.id}`;

/** How many active rows one page of the list holds (the first page comes with the page and `hello`). */
export const LIST_PAGE_SIZE = 50;

/** Order of active rows: newest first, ties by key (so a cursor is exact). Negative: `a` is shown before `b`. */
export function compareActive(a: InteractionSummary, b: InteractionSummary): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  const ka = rowKey(a);
  const kb = rowKey(b);
  return ka === kb ? 0 : ka < kb ? 1 : -1;
}

/** Order of completed rows: most recently ended first. */
export function compareCompleted(a: InteractionSummary, b: InteractionSummary): number {
  const ea = a.ended_at ?? a.created_at;
  const eb = b.ended_at ?? b.created_at;
  return ea === eb ? compareActive(a, b) : ea < eb ? 1 : -1;
}

/** The position after `row` in the active order, as an opaque string for `?cursor=`. */
export function listCursor(row: InteractionSummary): string {
  return `${row.created_at}|${rowKey(row)}`;
}

/** `created_at|kind:id` → the row fields compareActive looks at, or null when malformed. */
export function parseListCursor(cursor: string): InteractionSummary | null {
  const match = /^([^|]{1,40})\|(choice|resolve|task):(.{1,200})$/.exec(cursor);
  if (!match) return null;
  return { created_at: match[1], kind: match[2] as InteractionSummary['kind'], id: match[3] } as InteractionSummary;
}
