import WebSocket from 'ws';
import type { TestHub } from '../test/support/test-hub.js';
import { summarise, type BenchModule, type BenchRow } from './bench-row.js';
import { benchRequest, seededHub } from './support/seeded-hub.js';

const PENDING = Number(process.env.GATEHOUSE_BENCH_WS_PENDING ?? 1000);
const TABS = 20;
const REST_SECONDS = Number(process.env.GATEHOUSE_BENCH_WS_REST_SECONDS ?? 20);
const NEW_SESSIONS = 5;

/** A portal tab as the hub sees it: a real ws client that pings like the page and counts the bytes it receives. */
class Tab {
  bytes = 0;
  readonly texts: string[] = [];
  private readonly waiters = new Set<() => void>();
  private timer: ReturnType<typeof setInterval> | undefined;
  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const text = String(data);
      this.bytes += Buffer.byteLength(text);
      this.texts.push(text);
      for (const w of [...this.waiters]) w();
    });
  }

  static async open(hub: TestHub, follow: string[]): Promise<Tab> {
    const tab = new Tab(new WebSocket(hub.client.wsUrl()));
    await new Promise((resolve, reject) => tab.socket.once('open', resolve).once('error', reject));
    await tab.until((text) => text.includes('"type":"hello"'));
    const send = (m: object) => tab.socket.readyState === WebSocket.OPEN && tab.socket.send(JSON.stringify(m));
    send({ type: 'follow', sessions: follow });
    send({ type: 'ping', client_now: Date.now() });
    tab.timer = setInterval(() => send({ type: 'ping', client_now: Date.now() }), 10_000); // as web/live/hub-socket.ts
    return tab;
  }

  /** Resolves when a message received from now on (or already, from `from`) satisfies `pick`. */
  until(pick: (text: string) => boolean, from = 0): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (!this.texts.slice(from).some(pick)) return;
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
      check();
    });
  }

  close(): void {
    clearInterval(this.timer);
    this.socket.close();
  }
}

const wsBench: BenchModule = {
  title: `ws: bytes per tab with ${PENDING} pending × ${TABS} tabs (real hub, real ws clients)`,
  async rows(): Promise<BenchRow[]> {
    const hub = await seededHub(PENDING);
    const tabs: Tab[] = [];
    try {
      const { interactions } = await hub.client.request<{ interactions: Array<{ id: string }> }>('GET', '/api/interactions?filter=active&limit=20');
      // Half the tabs show one question each (they follow it); the others show the list alone.
      for (let i = 0; i < TABS; i++) tabs.push(await Tab.open(hub, i % 2 ? [interactions[i].id] : []));
      const hello = tabs.map((t) => t.bytes / 1024);

      const restStart = tabs.map((t) => t.bytes);
      await new Promise((r) => setTimeout(r, REST_SECONDS * 1000));
      const atRest = tabs.map((t, i) => (t.bytes - restStart[i]) / 1024 / REST_SECONDS);

      const perSession: number[] = [];
      for (let k = 0; k < NEW_SESSIONS; k++) {
        const before = tabs.map((t) => t.bytes);
        const marks = tabs.map((t) => t.texts.length);
        const { session } = await hub.client.request<{ session: { id: string } }>('POST', '/api/sessions', benchRequest(`New ${k}`));
        await Promise.all(tabs.map((t, i) => t.until((text) => text.includes(session.id), marks[i])));
        await hub.client.request('POST', `/api/sessions/${session.id}/submit`, { selected_ids: ['pg'] });
        await Promise.all(tabs.map((t, i) => t.until((text) => text.includes(session.id) && text.includes('"status":"submitted"'), marks[i])));
        tabs.forEach((t, i) => perSession.push((t.bytes - before[i]) / 1024));
      }
      return [
        // "before": this bench against the full-list protocol (main at 896d50e, same machine), medians.
        summarise('first message (hello: settings + first page of the list)', hello, { unit: 'KB', note: 'before: 263 KB (every row)' }),
        summarise(`at rest, per tab (${REST_SECONDS} s window)`, atRest, { unit: 'KB/s', goal: '≤ 1 KB/s', note: 'before: 27.4 KB/s (1 s tick of every deadline)' }),
        summarise('one new session + its answer, per tab', perSession, { unit: 'KB', goal: '≤ 2 KB', note: 'before: 529 KB (full lists + every session)' }),
      ];
    } finally {
      for (const tab of tabs) tab.close();
      await hub.stop();
    }
  },
};
export default wsBench;
