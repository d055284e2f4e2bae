// Resolve tasks outlive a hub restart (real hub processes on one data directory, the fake tsci and registry):
// a task that was running reads as failed with the reason, a finished one as it ended, a closed one stays gone.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HubRequestError } from '../../server/hub-client/hub-client.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { defaultTsciFixtureData, startFakeTsciRegistry, tsciChildEnv, type FakeTsciRegistry } from '../support/fake-tsci-registry.js';
import { FAKE_TSCI } from '../support/resolver-rig.js';
import type { ResolveTaskView } from '../../server/resolver/resolve-types.js';

let registry: FakeTsciRegistry;
let env: NodeJS.ProcessEnv;
const dirs: string[] = [];
const project = () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-resolve-restart-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  registry = await startFakeTsciRegistry(defaultTsciFixtureData);
  env = { ...tsciChildEnv(registry), GATEHOUSE_TSCI: `${process.execPath} ${FAKE_TSCI}` };
});
afterAll(async () => {
  await registry?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function start(hub: TestHub, component: string): Promise<string> {
  const { task_id } = await hub.client.request<{ task_id: string }>('POST', '/api/resolve', { component_name: component, project_dir: project() });
  return task_id;
}

async function stateOf(hub: TestHub, id: string, states: string[]): Promise<ResolveTaskView> {
  let view: ResolveTaskView | undefined;
  await expect
    .poll(async () => (view = await hub.client.request<ResolveTaskView>('GET', `/api/resolve/${id}`)).state, { timeout: 30_000, interval: 20 })
    .toSatisfy((s: string) => states.includes(s));
  return view!;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: HubRequestError) => ({ status: err.status, code: err.code, message: err.message }),
  );

test.each(['kill -9', 'SIGTERM'])('after a hub restart (%s) a task that was running is failed with the reason; a finished one is as it ended; a closed one is gone', async (how) => {
  let hub = await startTestHub({ env });
  try {
    const finished = await start(hub, 'CL05B104KO5NNNC');
    const ended = await stateOf(hub, finished, ['finished', 'failed']);
    expect(ended.state).toBe('finished');
    const closed = await start(hub, 'NOSUCHPART');
    await stateOf(hub, closed, ['failed']);
    await hub.client.request('DELETE', `/api/resolve/${closed}`);
    const running = await start(hub, '100nF');
    await stateOf(hub, running, ['selection_required']);

    if (how === 'kill -9') await hub.kill9();
    else await hub.stop({ keepHome: true });
    hub = await hub.restart();

    const failed = await hub.client.request<ResolveTaskView>('GET', `/api/resolve/${running}`);
    expect(failed).toMatchObject({ task_id: running, component_name: '100nF', state: 'failed', reason: 'the hub restarted while this task ran; start it again', exit_code: null });
    expect(failed.ended_at).not.toBeNull();
    expect(await hub.client.request('GET', `/api/resolve/${finished}`)).toMatchObject({ state: 'finished', location: ended.location, source: 'global' });
    expect(await refusal(hub.client.request('GET', `/api/resolve/${closed}`))).toMatchObject({ status: 404 });
    expect(await refusal(hub.client.request('POST', `/api/resolve/${running}/select`, { selection_id: 'sel-001', selected_option: 'GRM' }))).toMatchObject({
      status: 409,
      code: 'not_waiting',
    });
    // It is listed (not active), it does not block a new start, and closing it removes it for good.
    const { interactions } = await hub.client.request<{ interactions: Array<{ id: string; active: boolean; status: string }> }>('GET', '/api/interactions?filter=all');
    expect(interactions.find((i) => i.id === running)).toMatchObject({ active: false, status: 'failed' });
    const again = await start(hub, 'CL05B104KO5NNNC');
    expect((await stateOf(hub, again, ['finished', 'failed'])).state).toBe('finished');
    await hub.client.request('DELETE', `/api/resolve/${running}`);
    hub = await restartGracefully(hub);
    expect(await refusal(hub.client.request('GET', `/api/resolve/${running}`))).toMatchObject({ status: 404 });
    expect(await hub.client.request('GET', `/api/resolve/${finished}`)).toMatchObject({ state: 'finished' });
  } finally {
    await hub.stop();
  }
});

async function restartGracefully(hub: TestHub): Promise<TestHub> {
  await hub.stop({ keepHome: true });
  return hub.restart();
}
