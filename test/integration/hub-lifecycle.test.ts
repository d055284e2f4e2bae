import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { readFile, rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { dataPaths } from '../../server/config/data-paths.js';
import { readHubState } from '../../server/discovery/hub-state-file.js';
import { isAlive } from '../../server/discovery/file-lock.js';
import { cliLauncher } from '../../server/package-info.js';
import { makeTempHome, startTestHub, testEnv } from '../support/test-hub.js';
import { startTestMcp } from '../support/mcp-client.js';

type Handoff = { session: ChoiceSessionView };
const request = { prompt: 'Pick', options: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }], interface: 'web' };

function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliLauncher, ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, what: string, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('hub lifecycle', () => {
  it('kill -9 of the hub loses no accepted answer and no pending session', async () => {
    const hub = await startTestHub();
    const answered = await hub.client.request<Handoff>('POST', '/api/sessions', request);
    await hub.client.request('POST', `/api/sessions/${answered.session.id}/submit`, { selected_ids: ['b'], global_annotation: 'kept' });
    const pending = await hub.client.request<Handoff>('POST', '/api/sessions', { ...request, timeout_seconds: 600 });
    await hub.kill9();
    const again = await hub.restart();
    try {
      const a = await again.client.request<Handoff>('GET', `/api/sessions/${answered.session.id}`);
      expect(a.session.result).toMatchObject({ status: 'submitted', selected: [{ id: 'b', label: 'B' }], global_annotation: 'kept' });
      const p = await again.client.request<Handoff>('GET', `/api/sessions/${pending.session.id}`);
      expect(p.session.status).toBe('pending');
      expect(p.session.deadline_at).toBe(pending.session.deadline_at);
      // And it can still be answered after the crash.
      await again.client.request('POST', `/api/sessions/${pending.session.id}/submit`, { selected_ids: ['a'] });
    } finally {
      await again.stop();
    }
  });

  it('two MCP processes racing to start the hub end up sharing exactly one', async () => {
    const home = await makeTempHome();
    const env = testEnv(home);
    const [one, two] = await Promise.all([startTestMcp(env), startTestMcp(env)]);
    try {
      const [s1, s2] = await Promise.all([one.call<any>('provide_choice', request), two.call<any>('provide_choice', request)]);
      expect(new URL(s1.url).port).toBe(new URL(s2.url).port);
      const state = (await readHubState(dataPaths(home).hubState))!;
      const { interactions } = await fetch(`http://127.0.0.1:${state.port}/api/interactions`, { headers: { authorization: `Bearer ${(await readFile(dataPaths(home).credential, 'utf8')).trim()}` } }).then((r) => r.json());
      expect(interactions.map((i: { id: string }) => i.id).sort()).toEqual([s1.session_id, s2.session_id].sort());
      // The hub is detached: it outlives both MCP processes while interactions are pending.
      await one.close();
      await two.close();
      expect(isAlive(state.pid)).toBe(true);
      process.kill(state.pid, 'SIGTERM');
      await waitFor(async () => !isAlive(state.pid), 'hub to stop');
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });

  it('a second hub for the same data directory refuses to start', async () => {
    const hub = await startTestHub();
    try {
      const second = await runCli(['hub'], hub.env);
      expect(second.code).toBe(3);
      expect(second.stderr).toMatch(/already running/);
      expect(await hub.client.healthy()).toBe(true);
    } finally {
      await hub.stop();
    }
  });

  it('when its port is taken by another program it picks a free port, records it, and leaves the other program alone', async () => {
    const squatter = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => squatter.once('listening', r));
    const taken = (squatter.address() as { port: number }).port;
    const hub = await startTestHub({ env: { GATEHOUSE_PORT: String(taken) } });
    try {
      expect(new URL(hub.baseUrl).port).not.toBe(String(taken));
      expect((await readHubState(dataPaths(hub.home).hubState))!.port).toBe(Number(new URL(hub.baseUrl).port));
      expect(squatter.listening).toBe(true);
    } finally {
      await hub.stop();
      squatter.close();
    }
  });

  it('exits by itself when idle, removing its state file; the next caller starts it again', async () => {
    const hub = await startTestHub({ env: { GATEHOUSE_IDLE_SECONDS: '1' } });
    const paths = dataPaths(hub.home);
    await waitFor(async () => hub.process.exitCode !== null, 'idle exit');
    expect(await readHubState(paths.hubState)).toBeNull();
    const demo = await runCli(['demo', '--no-wait'], hub.env);
    expect(demo.code).toBe(0);
    expect(demo.stdout).toMatch(/Sample interaction ch_/);
    const state = (await readHubState(paths.hubState))!;
    process.kill(state.pid, 'SIGTERM');
    await waitFor(async () => !isAlive(state.pid), 'restarted hub to stop');
    await hub.stop();
  });

  it('mcp mode writes only JSON-RPC to stdout', async () => {
    const home = await makeTempHome();
    const child = spawn(process.execPath, [cliLauncher, 'mcp'], { env: testEnv(home) });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    const send = (msg: object) => child.stdin.write(JSON.stringify(msg) + '\n');
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'provide_choice', arguments: request } });
    // Whole lines only: a chunk may end in the middle of the second answer.
    const wholeLines = () => stdout.split('\n').slice(0, -1).filter(Boolean);
    await waitFor(async () => wholeLines().length >= 2, 'two answers');
    // On SIGTERM the MCP server tells the hub its asker is gone, and the hub writes that session: wait for both
    // processes to be gone before removing the data directory (else rm races that write: ENOTEMPTY).
    const mcpExited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await mcpExited;
    const lines = wholeLines();
    for (const line of lines) expect(JSON.parse(line).jsonrpc).toBe('2.0');
    const state = await readHubState(dataPaths(home).hubState);
    if (state) {
      process.kill(state.pid, 'SIGTERM');
      await waitFor(async () => !isAlive(state.pid), 'the hub to exit');
    }
    await rm(home, { recursive: true, force: true });
  });
});
