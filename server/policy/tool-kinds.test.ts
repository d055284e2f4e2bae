import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { classifyTool, patchPaths, toolTableMarkdown } from './tool-kinds.js';

describe('the tool table', () => {
  it('is the one the README shows', async () => {
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(toolTableMarkdown());
  });

  it('reads what each tool acts on from the input its hook sends', () => {
    expect(classifyTool('codex', 'Bash', { command: ['bash', '-lc', 'npm test'] })).toMatchObject({ kind: 'Bash', command: 'npm test' });
    expect(classifyTool('codex', 'Bash', { command: ['git', 'commit', '-m', 'a b'] }).command).toBe("git commit -m 'a b'");
    expect(classifyTool('claude', 'Bash', {})).toMatchObject({ kind: 'Bash', unreadable: expect.stringContaining('no command') });
    expect(classifyTool('claude', 'NotebookEdit', { notebook_path: 'a.ipynb' })).toMatchObject({ kind: 'Edit', paths: ['a.ipynb'] });
    expect(classifyTool('gemini', 'web_fetch', { prompt: 'read https://a.example/x, then (https://b.example/y).' }).urls).toEqual(['https://a.example/x', 'https://b.example/y']);
    expect(classifyTool('gemini', 'mcp_github_create_issue', {}).mcp).toEqual({ server: 'github', tool: 'create_issue', name: 'mcp__github__create_issue' });
    expect(classifyTool('qwen', 'todo_write', {})).toMatchObject({ kind: 'other', tool: 'todo_write' });
    expect(patchPaths('*** Begin Patch\n*** Add File: a.ts\n*** Update File: b.ts\n*** Move to: c.ts\n*** Delete File: d.ts\n*** End Patch')).toEqual(['a.ts', 'b.ts', 'c.ts', 'd.ts']);
  });
});
