import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChoiceSessionView } from '../shared/choice/session-types.js';
import { dataPaths } from '../server/config/data-paths.js';
import { makeTempHome, startTestHub, type TestHub } from '../test/support/test-hub.js';
import { summarise, type BenchModule, type BenchRow } from './bench-row.js';
import { bytesWritten, rssMiB } from './process-figures.js';

/** A request of about the size the issue measured (~2 KB stored per session). */
const request = {
  prompt: `bench: which storage engine should the importer use? ${'The importer reads CSV exports of 40 tables and must keep foreign keys. '.repeat(12)}`,
  options: [{ id: 'pg', label: 'Postgres', description: 'the server we already run' }, { id: 'lite', label: 'SQLite', description: 'one file' }, { id: 'duck', label: 'DuckDB' }],
  interface: 'web',
  timeout_seconds: 3600,
};

/** A hub whose data directory already holds `stored` completed sessions (written as the hub writes them). */
async function hubWithHistory(stored: number): Promise<TestHub> {
  const home = await makeTempHome('gatehouse-bench-');
  const dir = dataPaths(home).sessions;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const now = Date.now();
  for (let i = 0; i < stored; i += 200) {
    await Promise.all(Array.from({ length: Math.min(200, stored - i) }, (_, k) => {
      const id = `ch_seed${String(i + k).padStart(6, '0')}`;
      const at = new Date(now - (stored - i - k) * 1000).toISOString();
      const session = { id, request: { ...request, title: 'seed', selection_mode: 'single', min_selections: 1, max_selections: 1, allow_free_text: false, timeout_action: 'timeout', options: request.options.map((o) => ({ ...o, recommended: false })) }, status: 'submitted', interface: 'web', created_at: at, deadline_at: at, ended_at: at, notices: [], draft: null, result: { status: 'submitted', session_id: id, selected: [{ id: 'pg', label: 'Postgres' }], annotations: {}, global_annotation: null, free_text: null, interface: 'web', answered_by: 'human', next_step: 'go on' } };
      return writeFile(join(dir, `${id}.json`), JSON.stringify(session), { mode: 0o600 });
    }));
  }
  return startTestHub({ home, env: { GATEHOUSE_MAX_HISTORY: String(stored + 10_000) } });
}

async function submitFigures(stored: number, runs: number): Promise<{ times: number[]; bytesPerSubmit: number; rss: number }> {
  const hub = await hubWithHistory(stored);
  try {
    const times: number[] = [];
    let written = 0;
    for (let i = 0; i < runs; i++) {
      const { session } = await hub.client.request<{ session: ChoiceSessionView }>('POST', '/api/sessions', request);
      const before = bytesWritten(hub.process.pid!);
      const t0 = performance.now();
      await hub.client.request('POST', `/api/sessions/${session.id}/submit`, { selected_ids: ['pg'] });
      times.push(performance.now() - t0);
      written += bytesWritten(hub.process.pid!) - before;
    }
    return { times, bytesPerSubmit: written / runs, rss: rssMiB(hub.process.pid!) };
  } finally {
    await hub.stop();
  }
}

const hubStoreBench: BenchModule = {
  title: 'hub store: submit cost and memory against the stored history',
  async rows(): Promise<BenchRow[]> {
    const small = await submitFigures(100, 300);
    const large = await submitFigures(10_000, 300);
    const ratio = summarise('', large.times).p99 / summarise('', small.times).p99;
    return [
      summarise('submit (written + fsynced) with 100 stored sessions', small.times, { note: `${(small.bytesPerSubmit / 1024).toFixed(1)} KB written per submit` }),
      summarise('submit (written + fsynced) with 10,000 stored sessions', large.times, { goal: 'p99 ≤ 2× the p99 at 100', note: `${(large.bytesPerSubmit / 1024).toFixed(1)} KB written per submit; p99 ratio ${ratio.toFixed(2)}` }),
      { name: 'hub RSS with 10,000 stored sessions', runs: 1, median: large.rss, p99: large.rss, unit: 'MiB', goal: '≤ 150 MB' },
    ];
  },
};
export default hubStoreBench;
