// A headless MCP client that goes away: `gatehouse mcp` ends when its client closes stdin and tells the hub, so the
// pending choices it was asking for show that their agent is gone (HTTP, the list, the WebSocket); an answer is still
// taken; a new poll with the session id (a client that came back) says the agent is back.
import { execFileSync, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliLauncher } from '../../server/package-info.js';
import WebSocket from 'ws';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import type { InteractionSummary } from '../../shared/interactions.js';
import { startTestMcp, type TestMcp } from '../support/mcp-client.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

let hub: TestHub;
beforeAll(async () => {
  hub = await startTestHub();
});
afterAll(async () => {
  await hub.stop();
});

const request = { prompt: 'Deploy to which region?', options: [{ id: 'eu', label: 'EU' }, { id: 'us', label: 'US' }], interface: 'web' };
const session = async (id: string) => (await hub.client.request<{ session: ChoiceSessionView }>('GET', `/api/sessions/${id}`)).session;
const row = async (id: string) => (await hub.client.request<{ interactions: InteractionSummary[] }>('GET', '/api/interactions?filter=active')).interactions.find((i) => i.id === id);

/** The WebSocket's list deltas, waited for on arrival (no timers). */
async function watchList() {
  const socket = new WebSocket(hub.client.wsUrl());
  const changed: InteractionSummary[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message.type === 'interactions.delta') changed.push(...message.changed);
    for (const w of [...waiters]) w();
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const until = (pick: (r: InteractionSummary) => boolean) =>
    new Promise<InteractionSummary>((resolve) => {
      const check = () => {
        const found = changed.find(pick);
        if (found) (waiters.delete(check), resolve(found));
      };
      waiters.add(check);
      check();
    });
  return { until, close: () => socket.close() };
}

/** The process's pid is gone (it may take a moment after the SDK's close returns). */
async function gone(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a headless MCP client that goes away', () => {
  let mcp: TestMcp;
  beforeAll(async () => {
    mcp = await startTestMcp(hub.env);
  });

  it("its pending choice shows the agent gone, in the session, the list and over the WebSocket; the process ends", async () => {
    const started = await mcp.call<{ session_id: string }>('provide_choice', request);
    // A poll under way when the client leaves (a `gemini -p` killed mid-wait).
    const polling = mcp.raw('provide_choice', { session_id: started.session_id, wait_seconds: 30 }).catch(() => null);
    expect((await session(started.session_id)).agent_gone_at ?? null).toBeNull();
    const list = await watchList();
    const pid = (mcp.client.transport as unknown as { pid: number }).pid;
    await mcp.close();
    await polling;
    const delta = await list.until((r) => r.id === started.session_id && r.agent_gone_at !== undefined);
    list.close();
    expect(delta).toMatchObject({ status: 'pending', active: true, waiting_on: 'person' });
    const view = await session(started.session_id);
    expect(view).toMatchObject({ status: 'pending', agent_gone_at: delta.agent_gone_at });
    expect(Date.parse(view.agent_gone_at!)).toBeGreaterThanOrEqual(Date.parse(view.created_at));
    expect((await row(started.session_id))?.agent_gone_at).toBe(view.agent_gone_at);
    await gone(pid);
    const status = JSON.parse(execFileSync(process.execPath, [cliLauncher, 'status', '--json'], { env: hub.env, encoding: 'utf8' }));
    expect(status.hub.pending).toMatchObject({ active: { choice: 1 }, waiting_on_person: 1, agent_gone: 1 });
    // Still answerable: the answer is kept for an agent that comes back with the id.
    const answer = spawnSync(process.execPath, [cliLauncher, 'answer', started.session_id, '--option', 'eu'], { env: hub.env, encoding: 'utf8' });
    expect(answer.status).toBe(0);
    expect(JSON.parse(answer.stdout)).toMatchObject({ status: 'submitted', selected: [{ id: 'eu', label: 'EU' }] });
    expect(answer.stderr).toBe(`gatehouse answer: the agent that asked left at ${view.agent_gone_at} (its MCP client closed): no agent has read this; it gets it if it polls ${started.session_id} again\n`);
    expect(await session(started.session_id)).toMatchObject({ status: 'submitted', agent_gone_at: view.agent_gone_at });
    const back = await startTestMcp(hub.env);
    try {
      const result = await back.call<{ status: string; selected: unknown[] }>('provide_choice', { session_id: started.session_id, wait_seconds: 0 });
      expect(result).toMatchObject({ status: 'submitted', selected: [{ id: 'eu', label: 'EU' }] });
      // The answer reached an agent after all.
      expect((await session(started.session_id)).agent_gone_at).toBeNull();
    } finally {
      await back.close();
    }
  });

  it('a client that comes back and polls the id takes it over: the agent is back, and the next one to leave is the one that counts', async () => {
    const first = await startTestMcp(hub.env);
    const started = await first.call<{ session_id: string }>('provide_choice', request);
    await first.close();
    for (;;) if ((await session(started.session_id)).agent_gone_at) break;
    const second = await startTestMcp(hub.env);
    const poll = await second.call<{ status: string }>('provide_choice', { session_id: started.session_id, wait_seconds: 0 });
    expect(poll.status).toBe('pending');
    expect((await session(started.session_id)).agent_gone_at).toBeNull();
    expect((await row(started.session_id))?.agent_gone_at).toBeUndefined();
    await second.close();
    for (;;) if ((await session(started.session_id)).agent_gone_at) break;
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('a client that ends the process with %s instead of closing stdin (Claude Code: SIGINT): the same', async (signal) => {
    const killed = await startTestMcp(hub.env);
    const started = await killed.call<{ session_id: string }>('provide_choice', request);
    const pid = (killed.client.transport as unknown as { pid: number }).pid;
    process.kill(pid, signal);
    await gone(pid);
    expect((await session(started.session_id)).agent_gone_at).toEqual(expect.any(String));
    await killed.close();
  });

  it("a process that leaves marks only the choices it asked for, and one that asked nothing leaves nothing marked", async () => {
    const asker = await startTestMcp(hub.env);
    const idle = await startTestMcp(hub.env);
    const mine = await asker.call<{ session_id: string }>('provide_choice', request);
    const other = (await hub.client.request<{ session: ChoiceSessionView }>('POST', '/api/sessions', request)).session;
    await idle.close();
    await asker.close();
    for (;;) if ((await session(mine.session_id)).agent_gone_at) break;
    expect((await session(other.id)).agent_gone_at ?? null).toBeNull();
  });

  it('refuses a malformed asker id naming the header, and asker-gone without one', async () => {
    const res = await fetch(`${hub.baseUrl}/api/sessions/asker-gone`, { method: 'POST', headers: { authorization: `Bearer ${hub.token}`, 'x-gatehouse-asker': 'a b' } });
    expect(res.status).toBe(400);
    expect((await res.json()).error.problems).toEqual([{ field: 'x-gatehouse-asker', message: 'must be one id of 8–64 letters, digits, _ or - (the asking process names itself)' }]);
    const none = await fetch(`${hub.baseUrl}/api/sessions/asker-gone`, { method: 'POST', headers: { authorization: `Bearer ${hub.token}` } });
    expect((await none.json()).error.problems).toEqual([{ field: 'x-gatehouse-asker', message: 'is required: the id the asking process named itself with' }]);
  });
});
