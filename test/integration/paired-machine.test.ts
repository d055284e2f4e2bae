// A "remote" machine with its own empty data directory and HOME and only the connect string: its agents' gates
// reach the person's hub labelled with the machine, it never starts a hub of its own, and its key opens nothing
// but its own gates.
import { mkdir } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { InteractionSummary } from '../../shared/interactions.js';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { sourceLabel } from '../../shared/choice/gate-source.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { startTestMcp, type TestMcp } from '../support/mcp-client.js';
import { runCli } from '../support/run-cli.js';
import { keyOf, pair, pairRemote, runClaudeHook, type PairedRemote } from '../support/paired-remote.js';

let hub: TestHub;
let devbox: PairedRemote;
let ci: PairedRemote;
let mcp: TestMcp;
const question = { prompt: 'Which migration tool?', title: 'Which migration tool?', options: [{ id: 'knex', label: 'knex' }, { id: 'prisma', label: 'Prisma' }], interface: 'web' };

beforeAll(async () => {
  hub = await startTestHub();
  devbox = await pairRemote(hub, 'devbox');
  ci = await pairRemote(hub, 'ci-runner');
  const project = join(devbox.home, 'api-server');
  await mkdir(project);
  mcp = await startTestMcp(devbox.env, {}, { name: 'claude-code', version: '2.1', cwd: project });
});

afterAll(async () => {
  await mcp?.close();
  await hub?.stop();
  await devbox?.dispose();
  await ci?.dispose();
});

/** The remote never started a hub, nor made a credential of its own (its log is all it writes besides the string). */
async function noHubThere(remote: PairedRemote): Promise<void> {
  const files = await remote.files();
  expect(files).toContain('remote-hub.json');
  for (const file of ['hub.json', 'credential', 'hub.lock', 'sessions']) expect(files).not.toContain(file);
}

async function pendingRow(): Promise<InteractionSummary> {
  for (;;) {
    const { interactions } = await hub.client.request<{ interactions: InteractionSummary[] }>('GET', '/api/interactions?filter=active');
    const row = interactions.find((i) => i.kind === 'choice' && i.status === 'pending');
    if (row) return row;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A request with the agent key of `remote`: its status and error code. */
async function asKey(remote: Pick<PairedRemote, 'connect'>, method: string, path: string, body?: unknown): Promise<{ status: number; code: string | undefined; message: string | undefined }> {
  const res = await fetch(`${hub.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${keyOf(remote.connect)}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await res.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
  return { status: res.status, code: json.error?.code, message: json.error?.message };
}

describe('a paired machine asks through the person\'s hub', () => {
  it('an MCP agent there starts a gate labelled with the machine, the person answers, its poll gets the answer; no hub starts there', async () => {
    const started = await mcp.call<{ session_id: string; status: string }>('provide_choice', question);
    expect(started.status).toBe('pending');
    const row = await pendingRow();
    expect(row.id).toBe(started.session_id);
    expect(row.source).toMatchObject({ kind: 'mcp', agent: 'claude-code 2.1', machine: 'devbox' });
    expect(sourceLabel(row.source)).toBe('claude-code 2.1 · api-server · devbox');
    const polled = mcp.call<{ status: string; selected_ids?: string[] }>('provide_choice', { session_id: started.session_id, wait_seconds: 60 });
    await hub.client.request('POST', `/api/sessions/${started.session_id}/submit`, { selected_ids: ['prisma'], interface: 'api' });
    const answer = await polled;
    expect(answer.status).toBe('submitted');
    expect(JSON.stringify(answer)).toContain('"prisma"');
    await noHubThere(devbox);
  });

  it("a permission hook there asks the person with the machine in the gate's source, and gets the Yes", async () => {
    const hook = runClaudeHook(devbox.env);
    const row = await pendingRow();
    expect(sourceLabel(row.source)).toBe('Claude Code · api-server · devbox');
    await hub.client.request('POST', `/api/sessions/${row.id}/submit`, { selected_ids: ['yes'], interface: 'api' });
    const done = await hook;
    expect(JSON.parse(done.stdout).hookSpecificOutput.decision).toEqual({ behavior: 'allow' });
    await noHubThere(devbox);
  });

  it('gatehouse status on the remote names the hub used and says it answers; the person\'s side counts the keys', async () => {
    const remote = runCli(['status'], devbox.env);
    expect(await remote.code).toBe(0);
    expect(remote.stdout()).toContain(`paired hub ${hub.baseUrl}`);
    expect(remote.stdout()).toContain('answers (agent key "devbox")');
    const person = runCli(['status'], hub.env);
    expect(await person.code).toBe(0);
    expect(person.stdout()).toMatch(/paired: +2 live agent key\(s\)/);
    const health = await hub.client.request<{ channels: { paired: { state: string; detail: string } } }>('GET', '/api/health');
    expect(health.channels.paired).toMatchObject({ state: 'ok', detail: 'devbox (127.0.0.1), ci-runner (127.0.0.1)' });
    const asAgent = await fetch(`${hub.baseUrl}/api/health`, { headers: { authorization: `Bearer ${keyOf(devbox.connect)}` } }).then((r) => r.json() as Promise<Record<string, unknown>>);
    expect(Object.keys(asAgent).sort()).toEqual(['agent_key', 'name', 'ok', 'version']);
    const keys = runCli(['keys'], hub.env);
    expect(await keys.code).toBe(0);
    expect(keys.stdout()).toMatch(/devbox +live .* 127\.0\.0\.1/);
  });
});

describe('what an agent key may not do', () => {
  it('every route beyond its own gates answers 403 naming the key', async () => {
    const personal = await hub.client.request<{ session: ChoiceSessionView }>('POST', '/api/sessions', question);
    const other = await ciGate();
    const forbidden: Array<[string, string, unknown?]> = [
      ['GET', '/api/interactions'],
      ['GET', '/api/history'],
      ['GET', '/api/settings'],
      ['PUT', '/api/settings', { submit_mode: 'batch' }],
      ['GET', '/api/tasks'],
      ['GET', '/api/agent-keys'],
      ['POST', '/api/agent-keys', { name: 'sneaky' }],
      ['POST', '/api/agent-keys/devbox/revoke'],
      ['GET', '/'],
      ['GET', '/history'],
      ['GET', `/choice/${personal.session.id}`],
      ['GET', `/api/sessions/${personal.session.id}`],
      ['GET', `/api/sessions/${personal.session.id}/wait?seconds=0`],
      ['POST', `/api/sessions/${personal.session.id}/cancel`, {}],
      ['POST', `/api/sessions/${personal.session.id}/submit`, { selected_ids: ['knex'] }],
      ['GET', `/api/sessions/${other}`],
      ['POST', '/api/sessions/wait', { ids: [other], seconds: 0 }],
    ];
    for (const [method, path, body] of forbidden) {
      const answer = await asKey(devbox, method, path, body);
      expect({ route: `${method} ${path}`, status: answer.status, code: answer.code }).toEqual({ route: `${method} ${path}`, status: 403, code: 'forbidden_for_agent_key' });
      expect(answer.message).toContain('agent key "devbox"');
    }
    await hub.client.request('POST', `/api/sessions/${personal.session.id}/cancel`, {});
  });

  it('it may not answer even its own gate (the person answers), but may read, poll and cancel it', async () => {
    const own = await fetch(`${hub.baseUrl}/api/sessions`, { method: 'POST', headers: { authorization: `Bearer ${keyOf(devbox.connect)}`, 'content-type': 'application/json' }, body: JSON.stringify(question) }).then((r) => r.json() as Promise<{ session: ChoiceSessionView }>);
    expect(own.session.source).toMatchObject({ kind: 'api', machine: 'devbox' });
    expect((await asKey(devbox, 'POST', `/api/sessions/${own.session.id}/submit`, { selected_ids: ['knex'] })).status).toBe(403);
    expect((await asKey(devbox, 'GET', `/api/sessions/${own.session.id}`)).status).toBe(200);
    expect((await asKey(devbox, 'POST', '/api/sessions/wait', { ids: [own.session.id], seconds: 0 })).status).toBe(200);
    expect((await asKey(ci, 'GET', `/api/sessions/${own.session.id}`)).status).toBe(403);
    expect((await asKey(devbox, 'POST', `/api/sessions/${own.session.id}/cancel`, {})).status).toBe(200);
  });

  it("the portal's WebSocket refuses an agent key with 403", async () => {
    const socket = new WebSocket(`${hub.baseUrl.replace(/^http/, 'ws')}/ws`, { headers: { authorization: `Bearer ${keyOf(devbox.connect)}` } });
    const status = await new Promise<number>((resolve) => {
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.once('open', () => resolve(101));
      socket.once('error', () => undefined);
    });
    socket.terminate();
    expect(status).toBe(403);
  });

  it("an agent key is taken by whatever name the machine reaches the hub by (a container's host gateway); the credential is not", async () => {
    const viaGateway = (authorization: string) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL('/api/health', hub.baseUrl);
        request({ host: url.hostname, port: url.port, path: url.pathname, headers: { host: `host.docker.internal:${url.port}`, authorization } }, (res) => (res.resume(), resolve(res.statusCode ?? 0))).on('error', reject).end();
      });
    expect(await viaGateway(`Bearer ${keyOf(devbox.connect)}`)).toBe(200);
    expect(await viaGateway(`Bearer ${hub.token}`)).toBe(403);
  });

  it('the connect string holds the key and the address only, never the hub\'s credential', () => {
    expect(devbox.connect).toMatch(/^gatehouse\+http:\/\/127\.0\.0\.1:\d+\/\?key=ghk_[\w-]+$/);
    expect(devbox.connect).not.toContain(hub.token);
  });
});

describe('revoked and expired keys', () => {
  it('a revoked key gets 401 on its next call, with a message naming the key and what to do', async () => {
    const revoked = runCli(['keys', 'revoke', 'ci-runner'], hub.env);
    expect(await revoked.code).toBe(0);
    const answer = await asKey(ci, 'GET', '/api/health');
    expect(answer.status).toBe(401);
    expect(answer.message).toMatch(/agent key "ci-runner" was revoked at .*gatehouse pair --name ci-runner/);
    const status = runCli(['status'], ci.env);
    expect(await status.code).toBe(3);
    expect(status.stdout()).toContain('agent key "ci-runner" was revoked');
    const hook = await runClaudeHook(ci.env);
    expect(hook.stdout).toBe(''); // the CLI's own dialog asks
    expect(hook.stderr).toContain('agent key "ci-runner" was revoked');
  });

  it('an expired key gets 401 saying it expired', async () => {
    // The key is used straight from the connect string: a `gatehouse connect` first (which checks the key) can take
    // longer than the key's second on a busy machine, and then fails for the very expiry this test waits for.
    const made = await pair(hub, ['--name', 'short-lived', '--expires', '1s']);
    expect(made.code, made.stderr).toBe(0);
    const short = { connect: made.stdout };
    let answer = await asKey(short, 'GET', '/api/health');
    while (answer.status === 200) answer = await asKey(short, 'GET', '/api/health');
    expect(answer.status).toBe(401);
    expect(answer.message).toMatch(/agent key "short-lived" expired at/);
  });

  it('a bad --expires or --name is refused naming the flag or field', async () => {
    const badExpiry = await pair(hub, ['--name', 'x', '--expires', '30x']);
    expect(badExpiry.code).toBe(2);
    expect(badExpiry.stderr).toContain('--expires: expected a whole number and a unit s, m, h or d');
    const badName = await pair(hub, ['--name', 'no spaces']);
    expect(badName.code).not.toBe(0);
    expect(badName.stderr).toContain('name: must be 1–40 letters');
    const taken = await pair(hub, ['--name', 'devbox']);
    expect(taken.stderr).toContain('a live key named "devbox" exists');
  });
});

/** A gate the ci-runner machine started (for the 403s on another machine's gate). */
async function ciGate(): Promise<string> {
  const res = await fetch(`${hub.baseUrl}/api/sessions`, { method: 'POST', headers: { authorization: `Bearer ${keyOf(ci.connect)}`, 'content-type': 'application/json' }, body: JSON.stringify(question) });
  return ((await res.json()) as { session: ChoiceSessionView }).session.id;
}
