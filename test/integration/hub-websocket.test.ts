import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { InteractionSummary } from '../../shared/interactions.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

type Message = { type: string; [key: string]: any };

/** A /ws client that logs every message and can wait for one (no timers: it resolves on arrival). */
async function connect(hub: TestHub) {
  const socket = new WebSocket(hub.client.wsUrl());
  const messages: Message[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    for (const w of [...waiters]) w();
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const until = (pick: (m: Message) => boolean, from = 0) =>
    new Promise<Message>((resolve) => {
      const check = () => {
        const found = messages.slice(from).find(pick);
        if (found) {
          waiters.delete(check);
          resolve(found);
        }
      };
      waiters.add(check);
      check();
    });
  const send = (message: unknown) => socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  /** Sends a ping and waits for its pong: every reply to what was sent before has arrived by then. */
  const roundTrip = async () => {
    const mark = Math.random();
    send({ type: 'ping', client_now: mark });
    await until((m) => m.type === 'pong' && m.client_now === mark);
  };
  await until((m) => m.type === 'hello');
  return { socket, messages, until, send, roundTrip, close: () => socket.close() };
}

const request = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  prompt: 'Pick one.',
  options: [
    { id: 'a', label: 'A', recommended: true },
    { id: 'b', label: 'B' },
  ],
  interface: 'web',
  timeout_seconds: 3600,
  ...extra,
});

describe('the hub WebSocket (/ws): first page, deltas, followed sessions, hostile input', () => {
  let hub: TestHub;
  const ids: string[] = [];

  beforeAll(async () => {
    hub = await startTestHub();
    for (let i = 0; i < 60; i++) {
      const { session } = await hub.client.request<{ session: { id: string } }>('POST', '/api/sessions', request(`Question ${i}`));
      ids.push(session.id);
    }
  }, 60_000);
  afterAll(async () => hub?.stop());

  it('hello carries the first page (newest first) and the count; the rest pages over HTTP without gaps or repeats', async () => {
    const client = await connect(hub);
    const hello = client.messages[0];
    expect(hello.active_total).toBe(60);
    expect(hello.interactions).toHaveLength(50);
    expect(hello.interactions[0].title).toBe('Question 59');
    const seen = new Set<string>(hello.interactions.map((r: InteractionSummary) => r.id));
    const last = hello.interactions[49] as InteractionSummary;
    let cursor: string | null = `${last.created_at}|choice:${last.id}`;
    while (cursor) {
      const page: { interactions: InteractionSummary[]; next_cursor: string | null } = await hub.client.request('GET', `/api/interactions?filter=active&limit=4&cursor=${encodeURIComponent(cursor)}`);
      for (const row of page.interactions) {
        expect(seen.has(row.id)).toBe(false);
        seen.add(row.id);
      }
      cursor = page.next_cursor;
    }
    expect([...seen].sort()).toEqual([...ids].sort());
    client.close();
  });

  it('paging errors name the field', async () => {
    await expect(hub.client.request('GET', '/api/interactions?filter=active&cursor=nonsense')).rejects.toMatchObject({ status: 400, problems: [{ field: 'cursor' }] });
    await expect(hub.client.request('GET', '/api/interactions?filter=active&limit=0')).rejects.toMatchObject({ status: 400, problems: [{ field: 'limit' }] });
    await expect(hub.client.request('GET', '/api/interactions?filter=all&limit=5')).rejects.toMatchObject({ status: 400, problems: [{ field: 'filter' }] });
  });

  it('a new session reaches every client as one small delta; its answer as a changed row', async () => {
    const client = await connect(hub);
    const from = client.messages.length;
    const { session } = await hub.client.request<{ session: { id: string } }>('POST', '/api/sessions', request('Fresh one'));
    const added = await client.until((m) => m.type === 'interactions.delta' && m.added.some((r: InteractionSummary) => r.id === session.id), from);
    expect(added.added).toHaveLength(1);
    expect(added.changed).toEqual([]);
    expect(added.active_total).toBe(61);
    expect(JSON.stringify(added).length).toBeLessThan(2048);
    const mark = client.messages.length;
    await hub.client.request('POST', `/api/sessions/${session.id}/submit`, { selected_ids: ['a'] });
    const changed = await client.until((m) => m.type === 'interactions.delta' && m.changed.some((r: InteractionSummary) => r.id === session.id), mark);
    expect(changed.changed.find((r: InteractionSummary) => r.id === session.id)).toMatchObject({ active: false, status: 'submitted' });
    expect(changed.active_total).toBe(60);
    // The full session went to nobody: no client follows it.
    await client.roundTrip();
    expect(client.messages.slice(from).some((m) => m.type === 'session')).toBe(false);
    client.close();
  });

  it('a followed session arrives at once and on each change; other sessions never do', async () => {
    const client = await connect(hub);
    const [mine, other] = [ids[10], ids[11]];
    client.send({ type: 'follow', sessions: [mine] });
    const first = await client.until((m) => m.type === 'session' && m.session.id === mine);
    expect(first.session.status).toBe('pending');
    const mark = client.messages.length;
    await hub.client.request('PUT', `/api/sessions/${other}/draft`, { selected_ids: ['b'], annotations: {}, global_annotation: 'x', free_text: '' });
    await hub.client.request('POST', `/api/sessions/${mine}/deadline`, { timeout_seconds: 900 });
    const moved = await client.until((m) => m.type === 'session' && m.session.id === mine, mark);
    expect(Date.parse(moved.session.deadline_at)).toBeGreaterThan(Date.now() + 800_000);
    await client.roundTrip();
    expect(client.messages.slice(mark).filter((m) => m.type === 'session').map((m) => m.session.id)).toEqual([mine]);
    // The moved deadline also reaches the list as a changed row (for every client).
    expect(client.messages.slice(mark).some((m) => m.type === 'interactions.delta' && m.changed.some((r: InteractionSummary) => r.id === mine))).toBe(true);
    client.close();
  });

  it('bad messages get an error naming the problem, and the hub keeps serving (150,000-deep client_now included)', async () => {
    const client = await connect(hub);
    const deep = '['.repeat(150_000) + ']'.repeat(150_000);
    const cases: Array<[string | Buffer, RegExp]> = [
      [`{"type":"ping","client_now":${deep}}`, /larger than|client_now/],
      [`{"type":"ping","client_now":${'['.repeat(7000)}${']'.repeat(7000)}}`, /client_now/],
      ['{"type":"ping","client_now":"soon"}', /client_now/],
      ['{"type":"ping"}', /client_now/],
      ['{"type":"follow","sessions":"all"}', /sessions/],
      ['{"type":"ping","client_now":1,"extra":true}', /extra|unrecognized/i],
      ['not json', /not valid JSON/],
      ['[1,2]', /JSON object/],
      ['{"type":"launch"}', /type: unknown message type "launch"/],
      ['{"type":"nobody.listens"}', /no handler/],
    ];
    for (const [raw, expected] of cases) {
      const from = client.messages.length;
      client.send(raw);
      const error = await client.until((m) => m.type === 'error', from);
      expect(error.error.message).toMatch(expected);
    }
    const from = client.messages.length;
    client.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await client.until((m) => m.type === 'error', from)).error.message).toMatch(/binary/);
    await client.roundTrip();
    expect(await hub.client.healthy()).toBe(true);
    client.close();
  });

  it('a client that sends without reading is disconnected instead of growing the hub', async () => {
    // Twenty sessions with the longest prompt: each follow asks the hub for ~20 × 20 KB.
    const big: string[] = [];
    for (let i = 0; i < 20; i++) big.push((await hub.client.request<{ session: { id: string } }>('POST', '/api/sessions', request(`Big ${i}`, { prompt: 'x'.repeat(20_000) }))).session.id);
    const client = await connect(hub);
    const raw = (client.socket as unknown as { _socket: import('node:net').Socket })._socket;
    raw.pause(); // stop reading; the hub's replies pile up
    // Far more than the kernel's socket buffers hold (tcp_rmem may allow 32 MB), so the hub must buffer or drop.
    const follows = 1000;
    for (let i = 0; i < follows; i++) client.send({ type: 'follow', sessions: big });
    const closed = new Promise<number>((resolve) => client.socket.once('close', (code) => resolve(code)));
    raw.resume();
    expect(await closed).toBe(1006); // cut, not closed politely
    const received = client.messages.filter((m) => m.type === 'session').length;
    expect(received).toBeLessThan(follows * big.length);
    expect(await hub.client.healthy()).toBe(true);
    const again = await connect(hub);
    await again.roundTrip();
    again.close();
  }, 60_000);
});
