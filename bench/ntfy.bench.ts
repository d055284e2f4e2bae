import WebSocket from 'ws';
import type { ChoiceSessionView } from '../shared/choice/session-types.js';
import { ntfyEnv, notificationFor } from '../test/support/ntfy-channel.js';
import { NtfyStandin } from '../test/support/ntfy-standin.js';
import { startTestHub } from '../test/support/test-hub.js';
import { summarise, type BenchModule, type BenchRow } from './bench-row.js';

const RUNS = Number(process.env.GATEHOUSE_BENCH_NTFY_RUNS ?? 100);
const request = { prompt: 'bench: pick one', options: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }], interface: 'web', timeout_seconds: 600 };

/**
 * In one run against one hub: a gate created → a portal tab's WebSocket has it (the portal's own path) and → the ntfy
 * stand-in has its notification (publish as JSON); then a tapped button's reply → the agent's blocked poll returns.
 */
async function measure(): Promise<{ portal: number[]; ntfy: number[]; tap: number[] }> {
  const standin = await NtfyStandin.start();
  const hub = await startTestHub({ env: ntfyEnv(standin) });
  const socket = new WebSocket(hub.client.wsUrl());
  const seen = new Map<string, number>();
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    const at = performance.now();
    for (const [, id] of String(data).matchAll(/"(ch_[\w-]+)"/g)) if (!seen.has(id!)) seen.set(id!, at);
    for (const w of [...waiters]) w();
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const wsHas = (id: string) =>
    new Promise<number>((resolve) => {
      const check = () => seen.has(id) && (waiters.delete(check), resolve(seen.get(id)!));
      waiters.add(check);
      check();
    });
  const out = { portal: [] as number[], ntfy: [] as number[], tap: [] as number[] };
  try {
    // Until the reply topic's stream is open, a tap would wait for it.
    for (;;) {
      const health = await hub.client.request<{ channels?: Record<string, { state: string }> }>('GET', '/api/health');
      if (health.channels?.ntfy?.state === 'ok') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const { session } = await hub.client.request<{ session: ChoiceSessionView }>('POST', '/api/sessions', request);
      const [onPortal, message] = await Promise.all([wsHas(session.id), notificationFor(standin, session.id)]);
      out.portal.push(onPortal - started);
      out.ntfy.push(message.received_at - started);
      const poll = hub.client.request('GET', `/api/sessions/${session.id}/wait?seconds=20`).then(() => performance.now());
      await new Promise((r) => setTimeout(r, 5)); // let the poll reach the hub and block
      const tapped = performance.now();
      await standin.tap(message, 'A');
      out.tap.push((await poll) - tapped);
    }
  } finally {
    socket.close();
    await hub.stop();
    await standin.stop();
  }
  return out;
}

const ntfyBench: BenchModule = {
  title: 'ntfy: gate → phone notification, beside the portal’s own path (same run)',
  async rows(): Promise<BenchRow[]> {
    const { portal, ntfy, tap } = await measure();
    const portalRow = summarise('gate created → portal tab’s WebSocket has it', portal, { note: 'the portal’s own path, same hub and run' });
    const ntfyRow = summarise('gate created → ntfy stand-in has its notification', ntfy, { goal: 'p50 ≤ 50 ms', note: 'publish as JSON with buttons' });
    return [
      portalRow,
      { ...ntfyRow, note: `${ntfyRow.note}; ${(ntfyRow.median / portalRow.median).toFixed(1)}× the portal’s p50` },
      summarise('ntfy button tapped (reply posted) → agent’s blocked poll returns', tap, { goal: 'p50 ≤ 50 ms', note: 'via the reply topic’s JSON stream' }),
    ];
  },
};
export default ntfyBench;
