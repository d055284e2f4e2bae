// Bench rows: a real agent CLI under the orchestrator asks permission for a shell command → the task shows as
// waiting on a person. Measured from the model stand-in starting its reply with the tool call to the hub's
// WebSocket pushing the task waiting on a person with its hook's question: the CLI's own handling, its hook process (gatehouse hook)
// starting and posting, and the hub. Per CLI pinned in e2e-agents/ (skipped, with a note, when not installed).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { TaskView } from '../server/orchestrator/task-views.js';
import type { WorkflowSessionState } from '../server/orchestrator/task-types.js';
import { COMMAND, PROMPT } from '../test/support/agent-hook-run.js';
import { agentBinDir, installedVersion, prepareAgent, WIRE_FORMATS, type AgentCli } from '../test/support/model-standins/agent-setups.js';
import { startModelStandin } from '../test/support/model-standins/standin-server.js';
import { startTestHub, type TestHub } from '../test/support/test-hub.js';
import { summarise, type BenchRow } from './bench-row.js';

const now = () => performance.timeOrigin + performance.now();

/**
 * Epoch ms at which the hub pushes `task.updated` with the task waiting for a person on its hook's question (a
 * screen misread at start-up, also WAITING_FOR_USER, is not what is measured here).
 */
function hookQuestionPushed(socket: WebSocket, taskId: string): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const at = now();
      const message = JSON.parse(String(data)) as { type: string; task?: TaskView };
      const task = message.type === 'task.updated' ? message.task : undefined;
      if (task?.id !== taskId || task.status !== 'WAITING_FOR_USER' || !task.interaction?.prompt.includes(' wants to use ')) return;
      socket.off('message', onMessage);
      resolve(at);
    };
    socket.on('message', onMessage);
  });
}

async function oneRun(hub: TestHub, socket: WebSocket, cli: AgentCli, i: number): Promise<number> {
  let askedAt = 0;
  const standin = await startModelStandin(WIRE_FORMATS[cli], [{ shell: COMMAND }, { text: 'All done.' }], {
    // Called just before a reply is written, with its request recorded last: the time the tool call goes out.
    beforeReply: async () => {
      if (JSON.stringify(standin.requests.at(-1)?.answered ?? null).includes('hello-from-standin')) askedAt = now();
    },
  });
  const launch = prepareAgent(cli, standin.url, { seed: 'ready' });
  let taskId = '';
  try {
    const task = { name: `${cli}${i}`, adapter: cli, pendingInputs: [PROMPT], args: launch.args, env: launch.env };
    const { session } = await hub.client.request<{ session: WorkflowSessionState }>('POST', '/api/workflows', { workflow: { stages: [{ tasks: [task] }] }, cwd: launch.cwd });
    taskId = `${session.id}.${task.name}`;
    const shown = await hookQuestionPushed(socket, taskId);
    return shown - askedAt;
  } finally {
    if (taskId) await hub.client.request('POST', `/api/tasks/${encodeURIComponent(taskId)}/stop`).catch(() => undefined);
    await standin.close();
    launch.dispose();
  }
}

export async function agentPermissionRows(runs = 7): Promise<BenchRow[]> {
  const clis = (['claude', 'codex'] as const).filter((cli) => installedVersion(cli) !== null);
  const rows: BenchRow[] = [];
  const name = (cli: AgentCli) => `${cli} ${installedVersion(cli) ?? ''}: permission requested (own hook) → task WAITING_FOR_USER`;
  for (const cli of ['claude', 'codex'] as const) {
    if (!clis.includes(cli)) rows.push({ name: name(cli), runs: 0, median: NaN, p99: NaN, unit: 'ms', goal: '≤ 150 ms', note: 'not installed (.ci/install-agents.sh)' });
  }
  if (!clis.length) return rows;
  const hub = await startTestHub();
  // The built-in adapters as shipped, pointed at the pinned CLIs (not on PATH).
  writeFileSync(join(hub.home, 'adapters.yaml'), `adapters:\n${clis.map((cli) => `  ${cli}:\n    command: ${JSON.stringify(join(agentBinDir, cli))}\n`).join('')}`);
  const socket = new WebSocket(hub.client.wsUrl());
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  try {
    for (const cli of clis) {
      const samples: number[] = [];
      for (let i = 0; i < runs; i++) samples.push(await oneRun(hub, socket, cli, i));
      rows.push(summarise(name(cli), samples, { goal: '≤ 150 ms', note: 'from the model stand-in replying with the tool call' }));
    }
  } finally {
    socket.close();
    await hub.stop();
  }
  return rows;
}
