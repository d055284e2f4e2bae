import { describe, expect, it } from 'vitest';
import type { InteractionSummary } from '../../shared/interactions.js';
import { applyDelta, appendPage, hasMoreActive, nextCursor, type ListRows } from './list-rows.js';

const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
function row(n: number, extra: Partial<InteractionSummary> = {}): InteractionSummary {
  return { kind: 'choice', id: `s${n}`, title: `Q${n}`, status: 'pending', interface: 'web', active: true, waiting_on: 'person', created_at: at(n), ended_at: null, deadline_at: at(n + 600), href: `/choice/s${n}`, ...extra };
}
const done = (n: number, endedAt: number) => row(n, { status: 'submitted', active: false, waiting_on: null, ended_at: at(endedAt), deadline_at: null });
const ids = (list: ListRows) => list.rows.map((r) => r.id);
const none = { added: [], changed: [], removed: [] };

describe('list rows (paged list + live deltas)', () => {
  // 10 active rows exist (s1..s10); the page loaded the newest 3.
  const firstPage: ListRows = { rows: [row(10), row(9), row(8), done(0, 5)], activeTotal: 10 };

  it('a new (newest) row goes on top, and the total follows the hub', () => {
    const next = applyDelta(firstPage, { ...none, added: [row(11)], active_total: 11 });
    expect(ids(next)).toEqual(['s11', 's10', 's9', 's8', 's0']);
    expect(hasMoreActive(next)).toBe(true);
  });

  it('a changed row older than the loaded range waits for its page; one in range is updated', () => {
    const next = applyDelta(firstPage, { ...none, changed: [row(3, { interface: 'terminal' }), row(9, { interface: 'terminal' })], active_total: 10 });
    expect(ids(next)).toEqual(['s10', 's9', 's8', 's0']);
    expect(next.rows[1].interface).toBe('terminal');
  });

  it('an answered row moves to the completed part, and a removed row leaves', () => {
    const next = applyDelta(firstPage, { added: [], changed: [done(9, 20)], removed: [{ kind: 'choice', id: 's0' }], active_total: 9 });
    expect(ids(next)).toEqual(['s10', 's8', 's9']);
    expect(next.rows[2].active).toBe(false);
  });

  it('a row of an unloaded page that ends shows as completed at once', () => {
    const next = applyDelta(firstPage, { ...none, changed: [done(2, 30)], active_total: 9 });
    expect(ids(next)).toEqual(['s10', 's9', 's8', 's2', 's0']);
  });

  it('the next page continues after the oldest loaded row, without duplicates', () => {
    expect(nextCursor(firstPage)).toBe(`${at(8)}|choice:s8`);
    const next = appendPage(firstPage, [row(8), row(7), row(6)], 10);
    expect(ids(next)).toEqual(['s10', 's9', 's8', 's7', 's6', 's0']);
  });

  it('once everything is loaded, every new or changed active row is taken', () => {
    const all: ListRows = { rows: [row(2), row(1)], activeTotal: 2 };
    expect(hasMoreActive(all)).toBe(false);
    const next = applyDelta(all, { ...none, added: [row(0)], active_total: 3 });
    expect(ids(next)).toEqual(['s2', 's1', 's0']);
  });
});
