// Through the real hub (built dist) and the real MCP server over stdio, driving the fake tsci.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { startTestMcp, type TestMcp } from '../support/mcp-client.js';
import { defaultTsciFixtureData, startFakeTsciRegistry, tsciChildEnv, type FakeTsciRegistry } from '../support/fake-tsci-registry.js';
import { FAKE_TSCI } from '../support/resolver-rig.js';

let registry: FakeTsciRegistry;
let hub: TestHub;
let mcp: TestMcp;
const dirs: string[] = [];

beforeAll(async () => {
  registry = await startFakeTsciRegistry(defaultTsciFixtureData);
  const env = { ...tsciChildEnv(registry), GATEHOUSE_TSCI: `${process.execPath} ${FAKE_TSCI}` };
  hub = await startTestHub({ env });
  mcp = await startTestMcp(hub.env);
});

afterAll(async () => {
  await mcp?.close();
  await hub?.stop();
  await registry?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

type Status = { task_id: string; state: string; selection?: { selection_id: string; options: string[] }; location?: string; source?: string };

async function statusUntil(taskId: string, states: string[]): Promise<Status> {
  let last: Status | undefined;
  await expect
    .poll(async () => (last = await mcp.call<Status>('resolve_component_status', { task_id: taskId })).state, { timeout: 30_000, interval: 20 })
    .toSatisfy((s: string) => states.includes(s));
  return last!;
}

test('resolve_component over MCP: start returns at once, the menu is relayed, a pick imports the file; live screen and interaction row in the hub', async () => {
  const project = mkdtempSync(join(tmpdir(), 'gatehouse-resolve-mcp-'));
  dirs.push(project);
  const socket = new WebSocket(hub.client.wsUrl());
  const screens: Array<{ task_id: string; screen: { lines: string[] } }> = [];
  socket.on('message', (raw) => {
    const msg = JSON.parse(String(raw));
    if (msg.type === 'resolve.screen') screens.push(msg);
  });
  await new Promise((r) => socket.once('open', r));

  const started = await mcp.call<{ task_id: string; state: string }>('resolve_component_start', { component_name: '100nF', project_dir: project });
  expect(started.task_id).toMatch(/^rc-/);
  expect(['checking_local', 'checking_global']).toContain(started.state);

  const second = await mcp.raw('resolve_component_start', { component_name: 'BQ79616', project_dir: project });
  expect(second.isError).toBe(true);
  expect(second.content[0].text).toContain(started.task_id);

  const waiting = await statusUntil(started.task_id, ['selection_required', 'failed', 'finished']);
  expect(waiting.state).toBe('selection_required');
  expect(waiting.selection!.options).toHaveLength(10);

  const { interactions } = await hub.client.request<{ interactions: Array<{ kind: string; id: string; waiting_on: string | null; active: boolean }> }>('GET', '/api/interactions');
  expect(interactions.find((i) => i.id === started.task_id)).toMatchObject({ kind: 'resolve', waiting_on: 'agent', active: true });
  await expect.poll(() => screens.some((s) => s.task_id === started.task_id && s.screen.lines.some((l) => l.includes('Select a part to import')))).toBe(true);

  const bad = await mcp.raw('resolve_component_select', { task_id: started.task_id, selection_id: waiting.selection!.selection_id, selected_option: 'no such part' });
  expect(bad.isError).toBe(true);
  expect(bad.content[0].text).toContain('no option contains');

  await mcp.call('resolve_component_select', { task_id: started.task_id, selection_id: waiting.selection!.selection_id, selected_option: 'GRM155R71C104KA88D' });
  const done = await statusUntil(started.task_id, ['finished', 'failed']);
  expect(done).toMatchObject({ state: 'finished', source: 'global', location: join(project, 'imports', 'GRM155R71C104KA88D.tsx') });
  expect(existsSync(join(project, 'imports', 'GRM155R71C104KA88D.tsx'))).toBe(true);

  const closed = await mcp.call<{ closed: boolean }>('resolve_component_close', { task_id: started.task_id });
  expect(closed.closed).toBe(true);
  const gone = await mcp.raw('resolve_component_status', { task_id: started.task_id });
  expect(gone.isError).toBe(true);
  socket.close();
});
