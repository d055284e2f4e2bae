// One request waits on many sessions (POST /api/sessions/wait), and SessionWaits puts every blocked poll of a
// process on it: each poll still gets its own session, an unknown id its own 404, and a cancelled poll stops.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubRequestError } from '../../server/hub-client/hub-client.js';
import { SessionWaits } from '../../server/hub-client/session-waits.js';
import { createSession, getSession } from '../support/sessions.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

let hub: TestHub;
beforeAll(async () => (hub = await startTestHub()));
afterAll(async () => hub?.stop());

const question = { prompt: 'Pick', options: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }], interface: 'web', timeout_seconds: 600 };
const cancel = (id: string) => hub.client.request('POST', `/api/sessions/${id}/cancel`, { global_annotation: `stop ${id}` });

async function postWait(body: unknown) {
  const res = await fetch(`${hub.baseUrl}/api/sessions/wait`, {
    method: 'POST',
    headers: { authorization: `Bearer ${hub.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
}

describe('POST /api/sessions/wait', () => {
  it.each([
    ['no ids', { seconds: 1 }, /ids: /],
    ['an empty list', { ids: [], seconds: 1 }, /ids: must name at least one session id/],
    ['an empty id', { ids: [''], seconds: 1 }, /ids\[0\]: must not be empty/],
    ['negative seconds', { ids: ['ch_x'], seconds: -1 }, /seconds: must be ≥ 0/],
    ['an unknown field', { ids: ['ch_x'], seconds: 1, since: 3 }, /since: unknown field/],
  ])('refuses %s, naming the field', async (_name, body, message) => {
    const { status, json } = await postWait(body);
    expect(status).toBe(400);
    expect(json.error.message).toMatch(message);
  });

  it('answers at once with the ended and the unknown sessions it names', async () => {
    const [open, closed] = [await createSession(hub, question), await createSession(hub, question)];
    await cancel(closed);
    const { status, json } = await postWait({ ids: [open, closed, 'ch_nope'], seconds: 50 });
    expect(status).toBe(200);
    expect(json.ended.map((s: { id: string; status: string }) => [s.id, s.status])).toEqual([[closed, 'cancelled']]);
    expect(json.missing).toEqual([{ id: 'ch_nope', error: { code: 'not_found', message: 'no choice session with id "ch_nope" (it may have expired from history)' } }]);
    await cancel(open);
  });

  it('blocks until one of the named sessions ends, and answers with that one', async () => {
    const ids = [await createSession(hub, question), await createSession(hub, question), await createSession(hub, question)];
    const waiting = postWait({ ids, seconds: 50 });
    await cancel(ids[1]);
    const { json } = await waiting;
    expect(json.ended.map((s: { id: string }) => s.id)).toEqual([ids[1]]);
    expect(json.missing).toEqual([]);
    await cancel(ids[0]);
    await cancel(ids[2]);
  });
});

describe('SessionWaits: every blocked poll of a process on one request', () => {
  it('gives each of 40 polls its own ended session, with never more than one wait request open', async () => {
    let open = 0;
    let mostOpen = 0;
    const counting = {
      request: async <T>(method: string, path: string, body?: unknown, opts?: { signal?: AbortSignal }): Promise<T> => {
        if (path !== '/api/sessions/wait') return hub.client.request<T>(method, path, body, opts);
        mostOpen = Math.max(mostOpen, ++open);
        try {
          return await hub.client.request<T>(method, path, body, opts);
        } finally {
          open--;
        }
      },
    };
    const waits = new SessionWaits(counting);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push(await createSession(hub, question));
    const polls = ids.map((id) => waits.wait(id, 50_000));
    for (const id of [...ids].reverse()) await cancel(id);
    const ended = await Promise.all(polls);
    expect(ended.map((s) => [s.id, s.status, s.result?.global_annotation])).toEqual(ids.map((id) => [id, 'cancelled', `stop ${id}`]));
    expect(mostOpen).toBe(1);
  });

  it('answers a poll whose wait runs out with the session as it is (pending, time left)', async () => {
    const id = await createSession(hub, question);
    const session = await new SessionWaits(hub.client).wait(id, 200);
    expect(session).toMatchObject({ id, status: 'pending' });
    expect(session.remaining_ms).toBeGreaterThan(0);
    await cancel(id);
  });

  it('rejects only the poll for an unknown id, with the hub\'s 404, while the others keep waiting', async () => {
    const waits = new SessionWaits(hub.client);
    const id = await createSession(hub, question);
    const good = waits.wait(id, 50_000);
    const bad = waits.wait('ch_unknown', 50_000).catch((err: unknown) => err);
    const err = (await bad) as HubRequestError;
    expect(err).toBeInstanceOf(HubRequestError);
    expect([err.status, err.message]).toEqual([404, 'no choice session with id "ch_unknown" (it may have expired from history)']);
    expect((await getSession(hub, id)).status).toBe('pending');
    await cancel(id);
    expect((await good).status).toBe('cancelled');
  });

  it('stops a poll whose caller gives up, and keeps the others', async () => {
    const waits = new SessionWaits(hub.client);
    const [kept, dropped] = [await createSession(hub, question), await createSession(hub, question)];
    const keptPoll = waits.wait(kept, 50_000);
    const giveUp = new AbortController();
    const droppedPoll = waits.wait(dropped, 50_000, giveUp.signal).catch((err: unknown) => err);
    giveUp.abort(new Error('the client cancelled the call'));
    expect(((await droppedPoll) as Error).message).toBe('the client cancelled the call');
    await cancel(kept);
    expect((await keptPoll).id).toBe(kept);
    await cancel(dropped);
  });
});
