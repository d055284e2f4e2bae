import { describe, expect, it } from 'vitest';
import { applyRetention } from './retention.js';
import type { StoredSession } from '../sessions/stored-session.js';

const day = 86_400_000;
const now = Date.parse('2026-11-22T12:00:00Z');
const session = (id: string, status: StoredSession['status'], endedDaysAgo: number): StoredSession => ({
  id, status, request: {} as never, interface: 'web', created_at: new Date(now - endedDaysAgo * day - 1000).toISOString(),
  deadline_at: new Date(now + day).toISOString(), ended_at: status === 'pending' ? null : new Date(now - endedDaysAgo * day).toISOString(),
  notices: [], draft: null, result: null,
});

describe('applyRetention', () => {
  it('drops completed sessions older than the retention period (REQ-PERSIST-03)', () => {
    const kept = applyRetention([session('old', 'submitted', 40), session('new', 'timeout', 2)], { retentionDays: 30, maxHistory: 100 }, now);
    expect(kept.map((s) => s.id)).toEqual(['new']);
  });
  it('keeps at most maxHistory completed sessions, removing the oldest first (REQ-PERSIST-04)', () => {
    const list = [session('a', 'submitted', 3), session('b', 'submitted', 1), session('c', 'cancelled', 2)];
    expect(applyRetention(list, { retentionDays: 30, maxHistory: 2 }, now).map((s) => s.id).sort()).toEqual(['b', 'c']);
  });
  it('never drops pending sessions', () => {
    const kept = applyRetention([session('p', 'pending', 99), session('x', 'submitted', 1)], { retentionDays: 1, maxHistory: 1 }, now);
    expect(kept.map((s) => s.id).sort()).toEqual(['p', 'x']);
  });
});
