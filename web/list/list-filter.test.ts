import { describe, expect, it } from 'vitest';
import type { InteractionSummary } from '../../shared/interactions.js';
import { filterInteractions, newActiveIds } from './list-filter.js';
import { relativeAge } from './relative-age.js';

const row = (id: string, active: boolean, kind: InteractionSummary['kind'] = 'choice'): InteractionSummary => ({
  kind,
  id,
  title: id,
  status: active ? 'pending' : 'submitted',
  interface: 'web',
  active,
  waiting_on: active ? 'person' : null,
  created_at: '2026-01-01T00:00:00Z',
  ended_at: null,
  deadline_at: null,
  href: `/x/${id}`,
});

describe('interaction list', () => {
  const rows = [row('a', true), row('b', false), row('t', true, 'task'), row('r', false, 'resolve')];
  it('filters active / completed, keeping every kind', () => {
    expect(filterInteractions(rows, 'active').map((r) => r.id)).toEqual(['a', 't']);
    expect(filterInteractions(rows, 'completed').map((r) => r.id)).toEqual(['b', 'r']);
    expect(filterInteractions(rows, 'all')).toHaveLength(4);
  });
  it('finds newly arrived active rows', () => {
    expect(newActiveIds(rows.slice(0, 2), rows)).toEqual(['t']);
    expect(newActiveIds(rows, rows)).toEqual([]);
  });
  it('formats relative ages in the page language', () => {
    const now = Date.parse('2026-01-01T00:05:00Z');
    expect(relativeAge('2026-01-01T00:00:00Z', now, 'en')).toBe('5 min. ago');
    expect(relativeAge('2026-01-01T00:00:00Z', now, 'zh-CN')).toBe('5分钟前');
    expect(relativeAge('2026-01-01T00:04:58Z', now, 'en')).toMatch(/sec|now/);
  });
});
