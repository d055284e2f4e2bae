// How a paired machine reaches the hub: TLS with the certificate pinned by the connect string (another certificate is
// refused before the key is sent), plain HTTP off loopback refused, and a poll that outlives the hub's restart.
import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseConnectString } from '../../server/pairing/connect-string.js';
import type { InteractionSummary } from '../../shared/interactions.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { startTestMcp } from '../support/mcp-client.js';
import { runCli } from '../support/run-cli.js';
import { freePort, pairRemote, remoteEnv } from '../support/paired-remote.js';

const question = { prompt: 'Deploy now?', title: 'Deploy now?', options: [{ id: 'go', label: 'Deploy' }, { id: 'wait', label: 'Wait' }], interface: 'web' };

async function pendingRow(hub: TestHub): Promise<InteractionSummary> {
  for (;;) {
    const { interactions } = await hub.client.request<{ interactions: InteractionSummary[] }>('GET', '/api/interactions?filter=active');
    const row = interactions.find((i) => i.kind === 'choice' && i.status === 'pending');
    if (row) return row;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('TLS with a pinned certificate', () => {
  it('the connect string pins the fingerprint; a remote MCP agent asks through TLS and gets the answer', async () => {
    const hub = await startTestHub({ env: { GATEHOUSE_TLS: 'on' } });
    const remote = await pairRemote(hub, 'vm');
    const mcp = await startTestMcp(remote.env);
    try {
      expect(hub.baseUrl).toMatch(/^https:/);
      expect(remote.connect).toMatch(/^gatehouse\+https:\/\/127\.0\.0\.1:\d+\/\?key=ghk_[\w-]+&fp=[0-9a-f]{64}$/);
      const started = await mcp.call<{ session_id: string }>('provide_choice', question);
      expect((await pendingRow(hub)).source?.machine).toBe('vm');
      const polled = mcp.call<{ status: string }>('provide_choice', { session_id: started.session_id, wait_seconds: 60 });
      await hub.client.request('POST', `/api/sessions/${started.session_id}/submit`, { selected_ids: ['go'], interface: 'api' });
      expect(JSON.stringify(await polled)).toContain('"go"');
      // The same without a saved file: GATEHOUSE_HUB with GATEHOUSE_AGENT_KEY and GATEHOUSE_HUB_FINGERPRINT.
      const target = parseConnectString(remote.connect, {});
      const bare = await remoteEnv({ GATEHOUSE_HUB: target.hub, GATEHOUSE_AGENT_KEY: target.key, GATEHOUSE_HUB_FINGERPRINT: target.fingerprint! });
      const status = runCli(['status'], bare.env);
      expect(await status.code).toBe(0);
      expect(status.stdout()).toContain(`paired hub ${target.hub} (from GATEHOUSE_HUB) answers (agent key "vm")`);
      const keyless = runCli(['status'], { ...bare.env, GATEHOUSE_AGENT_KEY: '' });
      expect(await keyless.code).toBe(3);
      expect(keyless.stdout()).toContain('GATEHOUSE_HUB is set but GATEHOUSE_AGENT_KEY is not');
      await rm(bare.home, { recursive: true, force: true });
    } finally {
      await mcp.close();
      await hub.stop();
      await remote.dispose();
    }
  });

  it('a hub showing another certificate is refused with a clear error, on connect, status and every call', async () => {
    const hub = await startTestHub({ env: { GATEHOUSE_TLS: 'on' } });
    const made = runCli(['pair', '--name', 'vm'], hub.env);
    expect(await made.code).toBe(0);
    const wrong = made.stdout().trim().replace(/fp=([0-9a-f])/, (_m, c: string) => `fp=${c === '0' ? '1' : '0'}`);
    const { home, env } = await remoteEnv();
    try {
      const connect = runCli(['connect', wrong], env);
      expect(await connect.code).toBe(1);
      expect(connect.stderr()).toMatch(/showed a certificate with SHA-256 fingerprint [0-9a-f]{64}, not the pinned [0-9a-f]{64}: refused/);
      const status = runCli(['status'], env);
      expect(await status.code).toBe(3);
      expect(status.stdout()).toContain('not the pinned');
      const mcp = await startTestMcp(env);
      const answer = await mcp.raw('provide_choice', question);
      await mcp.close();
      expect(answer.isError).toBe(true);
      expect(answer.content[0].text).toContain('not the pinned');
      const { keys } = await hub.client.request<{ keys: Array<{ last_used_at: string | null }> }>('GET', '/api/agent-keys');
      expect(keys[0].last_used_at).toBeNull(); // the key never reached the impostor's side of the handshake
    } finally {
      await hub.stop();
      await rm(home, { recursive: true, force: true });
    }
  });
});

describe('plain HTTP off loopback', () => {
  it('a connect string with plain http to another machine is refused unless the person opts out', async () => {
    const { home, env } = await remoteEnv();
    const plain = 'gatehouse+http://10.1.2.3:47823/?key=ghk_AAAAAAAAAAA_' + 'A'.repeat(43);
    const refused = runCli(['connect', plain], env);
    expect(await refused.code).toBe(2);
    expect(refused.stderr()).toContain('plain http to 10.1.2.3:47823, which is not loopback');
    const viaEnv = runCli(['status'], { ...env, GATEHOUSE_HUB: plain });
    expect(await viaEnv.code).toBe(3);
    expect(viaEnv.stdout()).toContain('GATEHOUSE_ALLOW_PLAIN_HTTP=1');
    await rm(home, { recursive: true, force: true });
  });

  it('a hub asked to serve plain HTTP on a non-loopback address refuses to start, saying why', async () => {
    await expect(startTestHub({ env: { GATEHOUSE_HOST: '0.0.0.0', GATEHOUSE_TLS: 'off' } })).rejects.toThrow(/plain HTTP on 0\.0\.0\.0, which is not loopback/);
  });
});

describe('nothing lost when the link drops', () => {
  it('the hub killed and restarted while remote polls wait: the answers still reach the agent', async () => {
    const port = await freePort();
    const first = await startTestHub({ env: { GATEHOUSE_PORT: String(port) } });
    const remote = await pairRemote(first, 'devbox');
    const mcp = await startTestMcp(remote.env);
    let hub = first;
    try {
      const before = await mcp.call<{ session_id: string }>('provide_choice', question);
      const after = await mcp.call<{ session_id: string }>('provide_choice', { ...question, prompt: 'Roll back?' });
      // One poll is under way when the hub dies; the other starts while it is down.
      const pollBefore = mcp.call<{ status: string }>('provide_choice', { session_id: before.session_id, wait_seconds: 120 });
      await pendingRow(first);
      await first.kill9();
      const pollAfter = mcp.call<{ status: string }>('provide_choice', { session_id: after.session_id, wait_seconds: 120 });
      hub = await first.restart();
      expect(hub.baseUrl).toBe(first.baseUrl);
      await hub.client.request('POST', `/api/sessions/${before.session_id}/submit`, { selected_ids: ['wait'], interface: 'api' });
      await hub.client.request('POST', `/api/sessions/${after.session_id}/submit`, { selected_ids: ['go'], interface: 'api' });
      const [one, two] = await Promise.all([pollBefore, pollAfter]);
      expect([one.status, two.status]).toEqual(['submitted', 'submitted']);
      expect(JSON.stringify(one)).toContain('"wait"');
      expect(JSON.stringify(two)).toContain('"go"');
    } finally {
      await mcp.close();
      await hub.stop();
      await remote.dispose();
    }
  });

  it('gatehouse ask on the remote outlives a hub restart and prints the answer given after it', async () => {
    const port = await freePort();
    const first = await startTestHub({ env: { GATEHOUSE_PORT: String(port) } });
    const remote = await pairRemote(first, 'devbox');
    let hub = first;
    try {
      const asking = runCli(['ask', 'Ship it?', '-o', 'yes=Ship', '-o', 'no=Hold', '--interface', 'web'], remote.env);
      const row = await pendingRow(first);
      await first.kill9();
      hub = await first.restart();
      await hub.client.request('POST', `/api/sessions/${row.id}/submit`, { selected_ids: ['no'], interface: 'api' });
      expect(await asking.code).toBe(0);
      expect(JSON.parse(asking.stdout())).toMatchObject({ status: 'submitted' });
      expect(asking.stdout()).toContain('"no"');
    } finally {
      await hub.stop();
      await remote.dispose();
    }
  });

  it('a hook whose paired hub cannot be reached leaves the decision to the CLI\'s own dialog', async () => {
    const port = await freePort();
    const { home, env } = await remoteEnv({ GATEHOUSE_HUB: `http://127.0.0.1:${port}`, GATEHOUSE_AGENT_KEY: 'ghk_AAAAAAAAAAA_' + 'A'.repeat(43) });
    const { runClaudeHook } = await import('../support/paired-remote.js');
    const hook = await runClaudeHook(env, 5);
    expect(hook.code).toBe(0);
    expect(hook.stdout).toBe('');
    expect(hook.stderr).toMatch(/ECONNREFUSED.*the paired hub does not answer/);
    await rm(home, { recursive: true, force: true });
  });
});
