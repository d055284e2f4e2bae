import { describe, expect, it } from 'vitest';
import { projectName, sourceLabel } from './gate-source.js';

describe('gate source', () => {
  it('names a project by its last folder, for / and \\ paths', () => {
    expect(projectName('/home/ann/shop')).toBe('shop');
    expect(projectName('/home/ann/shop/')).toBe('shop');
    expect(projectName('C:\\work\\blog')).toBe('blog');
    expect(projectName(null)).toBeNull();
  });

  it('labels a row "agent · project @ branch", falling back to the kind', () => {
    expect(sourceLabel({ kind: 'mcp', agent: 'claude-code 2.1', project: '/p/shop', branch: 'main' })).toBe('claude-code 2.1 · shop @ main');
    expect(sourceLabel({ kind: 'cli', agent: null, project: '/p/blog', branch: null })).toBe('cli · blog');
    expect(sourceLabel({ kind: 'orchestrator', agent: 'codex', project: null, branch: null, workflow: 'release', task: 'notes' })).toBe('codex · release/notes');
    expect(sourceLabel({ kind: 'mcp', agent: 'claude-code', project: '/p/api-server', branch: null, machine: 'devbox' })).toBe('claude-code · api-server · devbox');
    expect(sourceLabel(null)).toBe('');
  });

});
