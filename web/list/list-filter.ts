import type { InteractionSummary } from '../../shared/interactions.js';

export const LIST_FILTERS = ['all', 'active', 'completed'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

/** The hub already bounds completed rows to the five most recent; the filter only picks a side. */
export function filterInteractions(rows: readonly InteractionSummary[], filter: ListFilter): InteractionSummary[] {
  if (filter === 'active') return rows.filter((r) => r.active);
  if (filter === 'completed') return rows.filter((r) => !r.active);
  return [...rows];
}

/** Ids of active rows present in `next` but not in `previous` (for "new interaction" notifications). */
export function newActiveIds(previous: readonly InteractionSummary[], next: readonly InteractionSummary[]): string[] {
  const known = new Set(previous.map((r) => r.id));
  return next.filter((r) => r.active && !known.has(r.id)).map((r) => r.id);
}
