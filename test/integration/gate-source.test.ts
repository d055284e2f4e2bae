import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InteractionSummary } from '../../shared/interactions.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { startTestMcp, type TestMcp } from '../support/mcp-client.js';
import { runCli } from '../support/run-cli.js';

// Three agents in three projects ask the same question at once: each row must say which agent and which project.
let hub: TestHub;
let base: string;
const clients: TestMcp[] = [];
const projects: Record<string, string> = {};
const question = { prompt: 'Which database should the service use?', title: 'Which database should the service use?', options: [{ id: 'pg', label: 'PostgreSQL' }, { id: 'lite', label: 'SQLite' }], interface: 'web' };

beforeAll(async () => {
  await mkdir(resolve('.tmp'), { recursive: true });
  base = await realpath(await mkdtemp(join(resolve('.tmp'), 'gate-source-')));
  for (const name of ['shop', 'blog', 'infra']) await mkdir((projects[name] = join(base, name)), { recursive: true });
  // shop is a git checkout on a branch (HEAD written as git writes it); infra a linked worktree (a .git file).
  await mkdir(join(projects.shop, '.git'));
  await writeFile(join(projects.shop, '.git', 'HEAD'), 'ref: refs/heads/feature/payments\n');
  await mkdir(join(base, 'infra-gitdir'));
  await writeFile(join(base, 'infra-gitdir', 'HEAD'), 'ref: refs/heads/main\n');
  await writeFile(join(projects.infra, '.git'), 'gitdir: ../infra-gitdir\n');
  // blog has a detached HEAD: no branch to show.
  await mkdir(join(projects.blog, '.git'));
  await writeFile(join(projects.blog, '.git', 'HEAD'), '0e996c3f1a2b3c4d5e6f708192a3b4c5d6e7f809\n');
  hub = await startTestHub();
});

afterAll(async () => {
  for (const client of clients) await client.close();
  await hub?.stop();
  if (base) await rm(base, { recursive: true, force: true });
});

async function listed(query = ''): Promise<InteractionSummary[]> {
  return (await hub.client.request<{ interactions: InteractionSummary[] }>('GET', `/api/interactions${query}`)).interactions;
}

describe('every gate says who is asking', () => {
  it('three MCP clients with their own clientInfo and working folder give three rows with their own agent and project', async () => {
    clients.push(await startTestMcp(hub.env, {}, { name: 'claude-code', version: '2.1', cwd: projects.shop }));
    clients.push(await startTestMcp(hub.env, {}, { name: 'codex', version: '0.40', cwd: projects.infra }));
    // The third runs somewhere else but declares a root: the root is its project, not its working folder.
    const rooted = await startTestMcp(hub.env, { roots: {} }, { name: 'gemini-cli', version: '1.0', cwd: base });
    rooted.client.setRequestHandler((await import('@modelcontextprotocol/sdk/types.js')).ListRootsRequestSchema, async () => ({ roots: [{ uri: pathToFileURL(projects.blog).href, name: 'blog' }] }));
    clients.push(rooted);

    const started = await Promise.all(clients.map((c) => c.call<{ session_id: string; status: string }>('provide_choice', { ...question, context: 'setting up persistence' })));
    expect(started.map((s) => s.status)).toEqual(['pending', 'pending', 'pending']);

    const rows = await listed('?filter=active');
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(started.map((s) => byId.get(s.session_id)?.source)).toEqual([
      { kind: 'mcp', agent: 'claude-code 2.1', project: projects.shop, branch: 'feature/payments' },
      { kind: 'mcp', agent: 'codex 0.40', project: projects.infra, branch: 'main' },
      { kind: 'mcp', agent: 'gemini-cli 1.0', project: projects.blog, branch: null },
    ]);
    // Same title, told apart by source; the context line is kept with the request.
    expect(new Set(started.map((s) => byId.get(s.session_id)?.title)).size).toBe(1);
    const { session } = await hub.client.request<{ session: { source: unknown; request: { context?: string } } }>('GET', `/api/sessions/${started[0].session_id}`);
    expect(session.request.context).toBe('setting up persistence');
    expect(session.source).toMatchObject({ agent: 'claude-code 2.1', project: projects.shop });

    // The list filtered by project keeps that project's row only.
    const blogRows = await listed(`?project=${encodeURIComponent(projects.blog)}`);
    expect(blogRows.map((r) => r.id)).toEqual([started[2].session_id]);
  });

  it('the typed result the agent gets is unchanged (no source in it)', async () => {
    const [first] = clients;
    const start = await first.call<{ session_id: string }>('provide_choice', question);
    const poll = first.call<Record<string, unknown>>('provide_choice', { session_id: start.session_id, wait_seconds: 20 });
    await hub.client.request('POST', `/api/sessions/${start.session_id}/submit`, { selected_ids: ['pg'] });
    expect(Object.keys(await poll).sort()).toEqual(['annotations', 'answered_by', 'free_text', 'global_annotation', 'interface', 'next_step', 'selected', 'session_id', 'status']);
  });

  it('history is searchable and filterable by project and agent, and counts the pending gates it does not list', async () => {
    type History = { items: Array<{ id: string; source: { agent: string; project: string } }>; total: number; pending: number; projects: string[]; agents: string[] };
    const byProject = await hub.client.request<History>('GET', `/api/history?project=${encodeURIComponent(projects.shop)}`);
    expect(byProject.total).toBe(1);
    expect(byProject.items[0].source.agent).toBe('claude-code 2.1');
    expect(byProject.pending).toBe(3);
    const byAgent = await hub.client.request<History>('GET', `/api/history?agent=${encodeURIComponent('codex 0.40')}`);
    expect(byAgent.total).toBe(0);
    // The pickers' choices are every project and agent of finished gates, whatever the filter or page shows.
    expect([byAgent.projects, byAgent.agents]).toEqual([[projects.shop], ['claude-code 2.1']]);
    expect((await hub.client.request<History>('GET', '/api/history?q=claude-code')).total).toBe(1);
    expect((await hub.client.request<History>('GET', '/api/history?q=shop')).total).toBe(1);
  });

  it('gatehouse ask records cli and its working folder', async () => {
    const run = runCli(['ask', 'Ship it?', '-o', 'yes=Yes', '-o', 'no=No', '--interface', 'web', '--no-wait'], hub.env, { cwd: projects.shop });
    expect(await run.code).toBe(0);
    const { session_id } = JSON.parse(run.stdout()) as { session_id: string };
    const { session } = await hub.client.request<{ session: { source: unknown } }>('GET', `/api/sessions/${session_id}`);
    expect(session.source).toEqual({ kind: 'cli', agent: 'cli', project: projects.shop, branch: 'feature/payments' });
  });

  it('a bad source or context is refused with the field named', async () => {
    await expect(hub.client.request('POST', '/api/sessions', { ...question, source: { kind: 'robot', color: 'red' } })).rejects.toMatchObject({
      problems: expect.arrayContaining([{ field: 'source.kind', message: expect.stringMatching(/must be one of mcp, cli/) }, { field: 'source.color', message: 'unknown field' }]),
    });
    await expect(hub.client.request('POST', '/api/sessions', { ...question, context: 'two\nlines' })).rejects.toMatchObject({ problems: [{ field: 'context', message: 'must be one line (no line breaks)' }] });
  });
});
