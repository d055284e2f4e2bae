import { compareActive, compareCompleted, LIST_PAGE_SIZE, listCursor, type InteractionKey, type InteractionSummary } from '../../shared/interactions.js';

export interface InteractionSource {
  /** Every interaction this source knows (active and completed). */
  list(): InteractionSummary[];
}

export const RECENT_COMPLETED = 5;

/** One page of active rows, in list order, and where the next one starts (null: none left). */
export interface ActivePage {
  rows: InteractionSummary[];
  next_cursor: string | null;
  active_total: number;
}

/** What a page of the portal shows first: the newest active rows, the recent completed ones, the active count. */
export interface FirstView {
  interactions: InteractionSummary[];
  active_total: number;
}

/**
 * Collects the interaction list from every source: active ones (newest first) plus the most recent completed
 * ones. The portal shows it a page at a time; `visible()` is the set the live deltas describe.
 */
export class InteractionRegistry {
  private readonly sources: InteractionSource[] = [];
  private readonly listeners = new Set<() => void>();

  register(source: InteractionSource): void {
    this.sources.push(source);
  }

  /** A source calls this when its rows changed; the hub sends the difference to its clients. */
  changed(): void {
    for (const listener of this.listeners) listener();
  }

  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  list(filter: 'all' | 'active' | 'completed' = 'all', recent = RECENT_COMPLETED): InteractionSummary[] {
    const rows = this.sources.flatMap((s) => s.list());
    const active = filter === 'completed' ? [] : rows.filter((r) => r.active).sort(compareActive);
    const completed = filter === 'active' ? [] : rows.filter((r) => !r.active).sort(compareCompleted).slice(0, recent);
    return [...active, ...completed];
  }

  /** Every row a client may be shown: all active rows and the recent completed ones. */
  visible(): InteractionSummary[] {
    return this.list('all');
  }

  find(key: InteractionKey): InteractionSummary | undefined {
    for (const source of this.sources) {
      const row = source.list().find((r) => r.kind === key.kind && r.id === key.id);
      if (row) return row;
    }
    return undefined;
  }

  /** Active rows after `after` (a row's sort position; null: from the newest), at most `limit`. */
  activePage(after: InteractionSummary | null, limit = LIST_PAGE_SIZE): ActivePage {
    const active = this.list('active');
    const start = after ? active.findIndex((r) => compareActive(r, after) > 0) : 0;
    const rows = start < 0 ? [] : active.slice(start, start + limit);
    const more = start >= 0 && start + limit < active.length;
    return { rows, next_cursor: more ? listCursor(rows[rows.length - 1]) : null, active_total: active.length };
  }

  /** The first page of active rows plus the recent completed ones (and `extra`, e.g. the row a page is about). */
  firstView(limit = LIST_PAGE_SIZE, extra?: InteractionKey): FirstView {
    const all = this.visible();
    const active = all.filter((r) => r.active);
    const rows = [...active.slice(0, limit), ...all.filter((r) => !r.active)];
    if (extra && !rows.some((r) => r.kind === extra.kind && r.id === extra.id)) {
      const row = this.find(extra);
      if (row) rows.push(row);
    }
    return { interactions: rows, active_total: active.length };
  }
}
