// Answer → a paired agent's poll returns: the person answers (POST submit with the hub's credential) while an agent's
// poll waits (SessionWaits, POST /api/sessions/wait, as `gatehouse mcp` polls). Three paths, interleaved run by run:
// the local agent (the hub's credential, plain loopback), a paired agent over plain loopback (its agent key, as
// through an `ssh -R` tunnel) and a paired agent through TLS with the pinned certificate (GATEHOUSE_TLS=on).
import { HubClient } from '../server/hub-client/hub-client.js';
import { startTestHub, type TestHub } from '../test/support/test-hub.js';
import { runCli } from '../test/support/run-cli.js';
import { parseConnectString } from '../server/pairing/connect-string.js';
import { summarise, type BenchModule, type BenchRow } from './bench-row.js';
import { benchRequest } from './support/seeded-hub.js';

const RUNS = Number(process.env.GATEHOUSE_BENCH_PAIRED_RUNS ?? 60);
/** Time for the poll to reach the hub before the answer is given (not measured). */
const SETTLE_MS = 15;

async function pairedClient(hub: TestHub, name: string): Promise<HubClient> {
  const made = runCli(['pair', '--name', name], hub.env);
  if ((await made.code) !== 0) throw new Error(`gatehouse pair failed: ${made.stderr()}`);
  const target = parseConnectString(made.stdout().trim(), {});
  return new HubClient(target.hub, target.key, '/nonexistent', { fingerprint: target.fingerprint, remote: true });
}

/** One run: the agent starts a gate and polls it; the person answers; ms from the answer's request to the poll's return. */
async function answerToPoll(person: HubClient, agent: HubClient): Promise<number> {
  const { session } = await agent.request<{ session: { id: string } }>('POST', '/api/sessions', benchRequest('paired bench'));
  const polled = agent.waits.wait(session.id, 30_000);
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const started = performance.now();
  await person.request('POST', `/api/sessions/${session.id}/submit`, { selected_ids: ['pg'] });
  const answer = await polled;
  if (answer.status !== 'submitted') throw new Error(`poll returned ${answer.status}`);
  return performance.now() - started;
}

const pairedBench: BenchModule = {
  title: `paired: answer → a paired agent's poll returns, TLS and plain loopback vs the local agent (${RUNS} runs each)`,
  async rows(): Promise<BenchRow[]> {
    const plain = await startTestHub();
    const tls = await startTestHub({ env: { GATEHOUSE_TLS: 'on' } });
    try {
      const paths = [
        { person: plain.client, agent: plain.client, samples: [] as number[] },
        { person: plain.client, agent: await pairedClient(plain, 'bench-plain'), samples: [] as number[] },
        { person: tls.client, agent: await pairedClient(tls, 'bench-tls'), samples: [] as number[] },
      ];
      for (const path of paths) await answerToPoll(path.person, path.agent); // warm: connections, JIT
      for (let i = 0; i < RUNS; i++) for (const path of paths) path.samples.push(await answerToPoll(path.person, path.agent));
      const [local, loopback, overTls] = paths.map((p) => summarise('', p.samples));
      const ratio = (row: BenchRow) => row.median / local.median;
      return [
        { ...local, name: 'answer → poll returns: local agent (credential, plain loopback)' },
        { ...loopback, name: 'answer → poll returns: paired agent, plain loopback (ssh -R)', note: `${ratio(loopback).toFixed(2)}× local` },
        { ...overTls, name: 'answer → poll returns: paired agent through TLS (pinned)', note: `${ratio(overTls).toFixed(2)}× local` },
        { name: 'paired TLS / local, median', runs: RUNS, median: ratio(overTls), p99: overTls.p99 / local.p99, unit: '×', goal: '≤ 2×', note: 'p99 column: ratio of p99s' },
      ];
    } finally {
      await plain.stop();
      await tls.stop();
    }
  },
};

export default pairedBench;
