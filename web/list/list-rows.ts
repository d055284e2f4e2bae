import { compareActive, compareCompleted, listCursor, rowKey, type InteractionSummary } from '../../shared/interactions.js';
import type { InteractionsDelta } from '../../shared/ws-messages.js';

/**
 * The rows of the list a page has loaded: a prefix of the active rows (newest first; more load on scroll) and the
 * recent completed ones, plus how many active rows the hub has in all.
 */
export interface ListRows {
  rows: InteractionSummary[];
  activeTotal: number;
}

function ordered(rows: Iterable<InteractionSummary>): InteractionSummary[] {
  const all = [...rows];
  return [...all.filter((r) => r.active).sort(compareActive), ...all.filter((r) => !r.active).sort(compareCompleted)];
}

export function loadedActive(list: ListRows): number {
  return list.rows.reduce((n, r) => n + (r.active ? 1 : 0), 0);
}

/** True while the hub has active rows this page has not loaded yet. */
export function hasMoreActive(list: ListRows): boolean {
  return loadedActive(list) < list.activeTotal;
}

/** Where the next page of active rows starts (after the oldest loaded one), or null to start at the top. */
export function nextCursor(list: ListRows): string | null {
  const active = list.rows.filter((r) => r.active);
  return active.length ? listCursor(active[active.length - 1]) : null;
}

/**
 * Applies a live delta. Completed rows and active rows within the loaded range are taken as they come; an active
 * row older than the oldest loaded one is left for a later page (its turn comes on scroll).
 */
export function applyDelta(list: ListRows, delta: Pick<InteractionsDelta, 'added' | 'changed' | 'removed' | 'active_total'>): ListRows {
  const byKey = new Map(list.rows.map((r) => [rowKey(r), r]));
  const complete = !hasMoreActive(list);
  const active = list.rows.filter((r) => r.active);
  const oldest = active[active.length - 1];
  for (const key of delta.removed) byKey.delete(rowKey(key));
  for (const row of [...delta.added, ...delta.changed]) {
    const key = rowKey(row);
    if (!row.active || byKey.has(key) || complete || !oldest || compareActive(row, oldest) < 0) byKey.set(key, row);
  }
  return { rows: ordered(byKey.values()), activeTotal: delta.active_total };
}

/** Adds a page of older active rows (fetched over HTTP) to what is loaded; rows already known keep the newer copy. */
export function appendPage(list: ListRows, page: InteractionSummary[], activeTotal: number): ListRows {
  const byKey = new Map(page.map((r) => [rowKey(r), r]));
  for (const row of list.rows) byKey.set(rowKey(row), row);
  return { rows: ordered(byKey.values()), activeTotal };
}
