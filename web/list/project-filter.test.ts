import { describe, expect, it } from 'vitest';
import type { InteractionSummary } from '../../shared/interactions.js';
import { filterByProject, projectsOf } from './project-filter.js';

const row = (id: string, project: string | null): InteractionSummary =>
  ({ kind: 'choice', id, title: 't', status: 'pending', interface: 'web', active: true, waiting_on: 'person', created_at: '', ended_at: null, deadline_at: null, href: '', source: project ? { kind: 'mcp', agent: 'a', project, branch: null } : null });

describe('project filter', () => {
  const rows = [row('1', '/w/shop'), row('2', '/w/blog'), row('3', '/w/shop'), row('4', null), row('5', '/old/blog')];
  it('offers each project once, by folder name, with a parent folder when names collide', () => {
    expect(projectsOf(rows)).toEqual([
      { path: '/w/blog', name: 'w/blog' },
      { path: '/old/blog', name: 'old/blog' },
      { path: '/w/shop', name: 'shop' },
    ].sort((a, b) => a.name.localeCompare(b.name)));
  });
  it('keeps the rows of one project, or all', () => {
    expect(filterByProject(rows, '/w/shop').map((r) => r.id)).toEqual(['1', '3']);
    expect(filterByProject(rows, null)).toHaveLength(5);
  });
});
