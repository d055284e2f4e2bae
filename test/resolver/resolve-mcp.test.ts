// Through the real hub (built dist) and the real MCP server over stdio, driving the fake tsci.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { startTestMcp, type TestMcp } from '../support/mcp-client.js';
import { defaultTsciFixtureData, startFakeTsciRegistry, tsciChildEnv, type FakeTsciRegistry } from '../support/fake-tsci-registry.js';
import { FAKE_TSCI } from '../support/resolver-rig.js';

let registry: FakeTsciRegistry;
let hub: TestHub;
let mcp: TestMcp;
const dirs: string[] = [];
/** Every structuredContent a resolve tool returned in this file, checked against that tool's listed outputSchema at the end. */
const returned: Array<{ tool: string; content: unknown }> = [];

beforeAll(async () => {
  registry = await startFakeTsciRegistry(defaultTsciFixtureData);
  const env = { ...tsciChildEnv(registry), GATEHOUSE_TSCI: `${process.execPath} ${FAKE_TSCI}` };
  hub = await startTestHub({ env });
  mcp = await startTestMcp(hub.env);
  const call = mcp.raw;
  mcp.raw = async (name, args) => {
    const result = await call(name, args);
    if (!result.isError) returned.push({ tool: name, content: result.structuredContent });
    return result;
  };
  mcp.call = async <T,>(name: string, args: Record<string, unknown>) => {
    const result = await mcp.raw(name, args);
    if (result.isError) throw new Error(result.content.map((c) => c.text).join('\n'));
    return result.structuredContent as T;
  };
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
  socket.send(JSON.stringify({ type: 'follow', sessions: [started.task_id] })); // the task's screen goes to tabs that follow it
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

test('a task that fails and one found in the project also answer in their declared shapes', async () => {
  const project = mkdtempSync(join(tmpdir(), 'gatehouse-resolve-mcp-'));
  dirs.push(project);
  const missing = await mcp.call<{ task_id: string }>('resolve_component_start', { component_name: 'NOSUCHPART', project_dir: project });
  const failed = await statusUntil(missing.task_id, ['failed', 'finished', 'selection_required']);
  expect(failed.state).toBe('failed');
  await mcp.call('resolve_component_close', { task_id: missing.task_id });

  mkdirSync(join(project, 'imports'));
  writeFileSync(join(project, 'imports', 'MyPart.tsx'), 'export const MyPart = () => null\n');
  const local = await mcp.call<{ task_id: string }>('resolve_component_start', { component_name: 'MyPart', project_dir: project });
  expect(await statusUntil(local.task_id, ['finished', 'failed'])).toMatchObject({ state: 'finished', source: 'local' });
  await mcp.call('resolve_component_close', { task_id: local.task_id });
});

test('each resolve_component_* tool lists an outputSchema that every result it gave validates against', async () => {
  const { tools } = await mcp.client.listTools();
  const validator = new AjvJsonSchemaValidator();
  const names = ['resolve_component_start', 'resolve_component_status', 'resolve_component_select', 'resolve_component_close'];
  for (const name of names) {
    const tool = tools.find((t) => t.name === name);
    expect(tool?.outputSchema, `${name} has an outputSchema`).toMatchObject({ type: 'object' });
    const validate = validator.getValidator(tool!.outputSchema as never);
    const mine = returned.filter((r) => r.tool === name);
    expect(mine.length, `${name} was called with a result in the tests above`).toBeGreaterThan(0);
    for (const { content } of mine) {
      const verdict = validate(content);
      expect(verdict.errorMessage, `${name} result ${JSON.stringify(content)}`).toBeUndefined();
      expect(verdict.valid).toBe(true);
    }
  }
  // The states the tests above went through, so the schema was tried on each payload shape.
  const states = new Set(returned.filter((r) => r.tool === 'resolve_component_status').map((r) => (r.content as { state: string }).state));
  expect([...states]).toEqual(expect.arrayContaining(['selection_required', 'finished', 'failed']));
});
