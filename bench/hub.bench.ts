import type { ChoiceSessionView } from '../shared/choice/session-types.js';
import { startTestHub } from '../test/support/test-hub.js';
import { summarise, type BenchModule, type BenchRow } from './bench-row.js';

const request = { prompt: 'bench: pick one', options: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }], interface: 'web', timeout_seconds: 600 };

async function coldStart(runs: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const hub = await startTestHub();
    samples.push(performance.now() - t0);
    await hub.stop();
  }
  return samples;
}

async function submitToPoll(runs: number): Promise<number[]> {
  const hub = await startTestHub();
  const samples: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const { session } = await hub.client.request<{ session: ChoiceSessionView }>('POST', '/api/sessions', request);
      const poll = hub.client.request('GET', `/api/sessions/${session.id}/wait?seconds=20`).then(() => performance.now());
      await new Promise((r) => setTimeout(r, 5)); // let the poll reach the hub and block
      const t0 = performance.now();
      await hub.client.request('POST', `/api/sessions/${session.id}/submit`, { selected_ids: ['a'] });
      samples.push((await poll) - t0);
    }
  } finally {
    await hub.stop();
  }
  return samples;
}

const hubBench: BenchModule = {
  title: 'hub: cold start and submit → blocked poll',
  async rows(): Promise<BenchRow[]> {
    return [
      summarise('hub cold start: spawn → health answered', await coldStart(15), { goal: '≤ 300 ms' }),
      summarise('submit → agent’s blocked poll returns', await submitToPoll(300), { goal: 'p50 ≤ 15 ms, p99 ≤ 50 ms' }),
    ];
  },
};
export default hubBench;
