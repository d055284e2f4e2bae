import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { InteractionSummary } from '../shared/interactions.js';
import { packageRoot } from '../server/package-info.js';
import type { WorkflowSessionState } from '../server/orchestrator/task/task-types.js';
import { startTestHub, type TestHub } from '../test/support/test-hub.js';
import { summarise, type BenchModule, type BenchRow } from './bench-row.js';
import { agentPermissionRows } from './agent-permission-bench.js';

const FAKE_AGENT = join(packageRoot, 'test', 'fixtures', 'programs', 'orchestrator', 'fake-agent.mjs');
const now = () => performance.timeOrigin + performance.now();

/** Epoch ms at which the interaction list pushed over /ws first shows `taskId` waiting on a person. */
function rowShown(socket: WebSocket, taskId: string): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const at = now();
      const message = JSON.parse(String(data)) as { type: string; added?: InteractionSummary[]; changed?: InteractionSummary[] };
      if (message.type !== 'interactions.delta' || ![...(message.added ?? []), ...(message.changed ?? [])].some((r) => r.id === taskId && r.waiting_on === 'person')) return;
      socket.off('message', onMessage);
      resolve(at);
    };
    socket.on('message', onMessage);
  });
}

/**
 * A background task's program draws its question (it writes the time just before: `mark`) → the portal's
 * interaction list, as pushed over the hub's WebSocket, shows the task waiting on a person.
 */
async function waitToList(hub: TestHub, runs: number, task: (mark: string) => object): Promise<number[]> {
  const socket = new WebSocket(hub.client.wsUrl());
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const samples: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const mark = join(hub.home, `mark-${i}`);
      const { session } = await hub.client.request<{ session: WorkflowSessionState }>('POST', '/api/workflows', { workflow: { stages: [{ tasks: [{ name: `t${i}`, ...task(mark) }] }] }, cwd: hub.home });
      const taskId = `${session.id}.t${i}`;
      const shown = await rowShown(socket, taskId);
      const drawn = Number(readFileSync(mark, 'utf8'));
      samples.push(shown - (drawn > 1e14 ? drawn / 1e6 : drawn)); // bash writes epoch ns, the agent epoch ms
      await hub.client.request('POST', `/api/tasks/${encodeURIComponent(taskId)}/stop`);
    }
  } finally {
    socket.close();
  }
  return samples;
}

const orchestratorBench: BenchModule = {
  title: 'orchestrator: background task starts to wait → portal list shows it',
  async rows(): Promise<BenchRow[]> {
    const home = mkdtempSync(join(tmpdir(), 'gatehouse-bench-orch-'));
    writeFileSync(join(home, 'adapters.yaml'), `adapters:\n  fake-agent:\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(FAKE_AGENT)}]\n    detect: { idle: ['^> ?$'], busy: ['esc to interrupt'] }\n`);
    const hub = await startTestHub({ home });
    try {
      const shell = await waitToList(hub, 30, (mark) => ({ command: 'bash', args: ['-c', `date +%s%N > ${mark}; read -p "Proceed? (y/n) " a`] }));
      const agent = await waitToList(hub, 20, (mark) => ({ adapter: 'fake-agent', env: { FAKE_AGENT_MARK: mark, FAKE_AGENT_WORK_MS: '50' } }));
      return [
        summarise('read()-blocking prompt (bash read -p) → list row waiting on person', shell, { goal: '≤ 250 ms' }),
        summarise('Node TUI question (fake agent, screen settle) → list row waiting on person', agent, { goal: '≤ 250 ms' }),
        ...(await agentPermissionRows()),
      ];
    } finally {
      await hub.stop();
      rmSync(home, { recursive: true, force: true });
    }
  },
};
export default orchestratorBench;
