// resolve.screen and resolve.task reach only the WebSocket tabs that follow the task (a real hub, the fake tsci).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { defaultTsciFixtureData, startFakeTsciRegistry, tsciChildEnv, type FakeTsciRegistry } from '../support/fake-tsci-registry.js';
import { FAKE_TSCI } from '../support/resolver-rig.js';

let registry: FakeTsciRegistry;
let hub: TestHub;
let project: string;

beforeAll(async () => {
  registry = await startFakeTsciRegistry(defaultTsciFixtureData);
  hub = await startTestHub({ env: { ...tsciChildEnv(registry), GATEHOUSE_TSCI: `${process.execPath} ${FAKE_TSCI}` } });
  project = mkdtempSync(join(tmpdir(), 'gatehouse-resolve-follow-'));
});
afterAll(async () => {
  await hub?.stop();
  await registry?.close();
  rmSync(project, { recursive: true, force: true });
});

type Message = { type: string; task_id?: string; task?: { task_id: string; state: string; ended_at: string | null; screen: { lines: string[] } | null }; screen?: { lines: string[] } };

/** A WebSocket tab recording every message it gets. */
async function tab(): Promise<{ socket: WebSocket; got: Message[]; send(m: object): void; synced(): Promise<void> }> {
  const socket = new WebSocket(hub.client.wsUrl());
  const got: Message[] = [];
  socket.on('message', (raw) => got.push(JSON.parse(String(raw))));
  await new Promise((r) => socket.once('open', r));
  return {
    socket,
    got,
    send: (m) => socket.send(JSON.stringify(m)),
    // Everything the hub sent this tab before now has arrived once the pong to a fresh ping is in.
    async synced() {
      const client_now = Math.random();
      socket.send(JSON.stringify({ type: 'ping', client_now }));
      await expect.poll(() => got.some((m) => m.type === 'pong' && (m as { client_now?: number }).client_now === client_now)).toBe(true);
    },
  };
}

const shows = (m: Message, text: string) => (m.screen ?? m.task?.screen)?.lines.some((l) => l.includes(text)) === true;

test('a task\'s live screen and changes go to the tabs that follow it, and a tab that starts following gets the task as it is', async () => {
  const follower = await tab();
  const other = await tab();
  const { task_id } = await hub.client.request<{ task_id: string }>('POST', '/api/resolve', { component_name: '100nF', project_dir: project });
  follower.send({ type: 'follow', sessions: [task_id] });

  await expect.poll(() => follower.got.some((m) => m.type === 'resolve.screen' && m.task_id === task_id && shows(m, 'Select a part to import')), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => follower.got.some((m) => m.type === 'resolve.task' && m.task?.task_id === task_id && m.task.state === 'selection_required'), { timeout: 30_000 }).toBe(true);

  // The other tab saw the task only as a list row, never its screen or its full view.
  await other.synced();
  expect(other.got.some((m) => m.type === 'interactions.delta')).toBe(true);
  expect(other.got.filter((m) => m.type.startsWith('resolve.'))).toEqual([]);

  // Following later: the task as it is now, at once (its menu on screen), so nothing drawn before is missed.
  const late = await tab();
  late.send({ type: 'follow', sessions: [task_id] });
  await expect.poll(() => late.got.find((m) => m.type === 'resolve.task' && m.task?.task_id === task_id)).toMatchObject({ task: { state: 'selection_required' } });
  expect(shows(late.got.find((m) => m.type === 'resolve.task')!, 'Select a part to import')).toBe(true);

  // Following something else stops it.
  follower.send({ type: 'follow', sessions: [] });
  await follower.synced();
  const before = follower.got.length;
  await hub.client.request('DELETE', `/api/resolve/${task_id}`);
  await late.synced();
  expect(late.got.some((m) => m.type === 'resolve.task' && m.task?.task_id === task_id && m.task.ended_at !== null)).toBe(true); // the close reached the tab that follows…
  await follower.synced(); // …and not the one that stopped following
  expect(follower.got.slice(before).filter((m) => m.type.startsWith('resolve.'))).toEqual([]);
  for (const t of [follower, other, late]) t.socket.close();
});
