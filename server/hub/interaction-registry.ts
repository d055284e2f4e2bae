import type { InteractionSummary } from '../../shared/interactions.js';

export interface InteractionSource {
  /** Every interaction this source knows (active and completed). */
  list(): InteractionSummary[];
}

export const RECENT_COMPLETED = 5;

/** Collects the interaction list from every source: active ones plus the most recent completed ones. */
export class InteractionRegistry {
  private readonly sources: InteractionSource[] = [];
  private readonly listeners = new Set<() => void>();

  register(source: InteractionSource): void {
    this.sources.push(source);
  }

  /** A source calls this when its rows changed; the hub re-broadcasts the list. */
  changed(): void {
    for (const listener of this.listeners) listener();
  }

  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  list(filter: 'all' | 'active' | 'completed' = 'all', recent = RECENT_COMPLETED): InteractionSummary[] {
    const rows = this.sources.flatMap((s) => s.list());
    const active = rows.filter((r) => r.active).sort((a, b) => b.created_at.localeCompare(a.created_at));
    const completed = rows
      .filter((r) => !r.active)
      .sort((a, b) => (b.ended_at ?? b.created_at).localeCompare(a.ended_at ?? a.created_at))
      .slice(0, recent);
    if (filter === 'active') return active;
    if (filter === 'completed') return completed;
    return [...active, ...completed];
  }
}
