import { describe, expect, it } from 'vitest';
import { RetentionIndex, type RetentionPolicy } from './retention.js';

const day = 86_400_000;
const now = Date.parse('2026-11-22T12:00:00Z');

function index(policy: RetentionPolicy, ended: Array<[string, number]>): RetentionIndex {
  const idx = new RetentionIndex(policy);
  for (const [id, daysAgo] of ended) idx.add(id, now - daysAgo * day);
  return idx;
}

describe('RetentionIndex', () => {
  it('drops completed sessions older than the retention period (REQ-PERSIST-03)', () => {
    const idx = index({ retentionDays: 30, maxHistory: 100 }, [['old', 40], ['new', 2]]);
    expect(idx.takeExpired(now)).toEqual(['old']);
    expect(idx.has('new')).toBe(true);
  });
  it('keeps at most maxHistory completed sessions, removing the oldest first (REQ-PERSIST-04)', () => {
    const idx = index({ retentionDays: 30, maxHistory: 2 }, [['a', 3], ['b', 1], ['c', 2]]);
    expect(idx.takeExpired(now)).toEqual(['a']);
    expect(idx.size).toBe(2);
  });
  it('orders sessions that ended out of order, and forgets removed ones', () => {
    const idx = index({ retentionDays: 30, maxHistory: 1 }, [['b', 1], ['a', 5], ['c', 3]]);
    idx.remove('c');
    expect(idx.takeExpired(now)).toEqual(['a']);
    expect(idx.has('b')).toBe(true);
  });
  it('stays correct over many more sessions than its compaction threshold', () => {
    const idx = new RetentionIndex({ retentionDays: 30, maxHistory: 10 });
    const dropped: string[] = [];
    for (let i = 0; i < 5000; i++) {
      idx.add(`s${i}`, now + i);
      dropped.push(...idx.takeExpired(now));
    }
    expect(dropped).toHaveLength(4990);
    expect(dropped.at(-1)).toBe('s4989');
    expect(idx.has('s4990')).toBe(true);
  });
});
