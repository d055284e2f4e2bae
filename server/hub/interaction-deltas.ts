import { rowKey, type InteractionSummary } from '../../shared/interactions.js';
import type { InteractionsDelta } from '../../shared/ws-messages.js';

/**
 * Turns successive snapshots of the visible list into deltas: rows added, rows whose fields changed, rows that
 * left the list. Each row is compared by its JSON, so a delta is exactly what a client needs to stay in step.
 */
export class InteractionDeltas {
  private known = new Map<string, string>();

  constructor(initial: InteractionSummary[] = []) {
    for (const row of initial) this.known.set(rowKey(row), JSON.stringify(row));
  }

  /** The delta from the last snapshot to `rows`, or null when nothing a client shows changed. */
  next(rows: InteractionSummary[]): InteractionsDelta | null {
    const next = new Map<string, string>();
    const added: InteractionSummary[] = [];
    const changed: InteractionSummary[] = [];
    for (const row of rows) {
      const key = rowKey(row);
      const json = JSON.stringify(row);
      next.set(key, json);
      const before = this.known.get(key);
      if (before === undefined) added.push(row);
      else if (before !== json) changed.push(row);
    }
    const removed: InteractionsDelta['removed'] = [];
    for (const key of this.known.keys()) {
      if (next.has(key)) continue;
      const at = key.indexOf(':');
      removed.push({ kind: key.slice(0, at) as InteractionSummary['kind'], id: key.slice(at + 1) });
    }
    this.known = next;
    if (!added.length && !changed.length && !removed.length) return null;
    return { type: 'interactions.delta', added, changed, removed, active_total: rows.filter((r) => r.active).length };
  }
}
