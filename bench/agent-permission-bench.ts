// Bench rows: a real agent CLI under the orchestrator asks permission for a shell command → the task shows as
// waiting on a person; then the person's Yes (/choose) → the answer in the CLI's hands. Per CLI pinned in
// e2e-agents/ (skipped, with a note, when not installed).
// - Asked: from the model stand-in starting its reply with the tool call to the hub's WebSocket pushing the task
//   waiting on a person with its hook's question. Split by the hook's own times (GATEHOUSE_HOOK_TIMES): the CLI
//   until the hook process starts, the hook process until its request goes out (Node's start; the CLI's hook input read), the hub until the push.
// - Answered: from the /choose request going out to the hook process having the hub's answer (it prints it and
//   exits at once), and to the command having run (its file appears).
// - Asked again: a second command in the same session, asked the same way. A CLI's one-time work on its first
//   request shows as the difference (Qwen Code 0.15.10 loads its shell parser then: ~2 s of CPU, see
//   docs/orchestrator.md#benchmark).
// - Turn over: from the stand-in's last reply (text, no tool call) to the hub pushing the task DONE (its one prompt
//   answered) on the CLI's turn-end signal (Stop / AfterAgent hook, Codex's state).
// BENCH_AGENTS=qwen,gemini runs only those CLIs.
import { readFileSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { hookAgent } from '../server/agents/hook-agents.js';
import type { TaskView } from '../server/orchestrator/face/task-views.js';
import type { WorkflowSessionState } from '../server/orchestrator/task/task-types.js';
import { COMMAND, PROMPT } from '../test/support/agent-hook-run.js';
import { agentBinDir, installedVersion, prepareAgent, WIRE_FORMATS, type AgentCli } from '../test/support/model-standins/agent-setups.js';
import { startModelStandin } from '../test/support/model-standins/standin-server.js';
import { startTestHub, type TestHub } from '../test/support/test-hub.js';
import { summarise, type BenchRow } from './bench-row.js';
import { now, taskPushed } from './support/task-pushed.js';
import { qwenOwnDialogRows } from './qwen-own-dialog-bench.js';

const CLIS = ['claude', 'codex', 'gemini', 'qwen'] as const;
/** The second command, asked for once the first ran. */
const COMMAND_AGAIN = 'echo hello-again > made-again.txt';
/** The model's last reply: the turn is over after it. */
const FINAL_TEXT = 'All done.';

/**
 * The task waiting for a person on its hook's question about the command containing `marker` (a screen misread at
 * start-up, also WAITING_FOR_USER, is not what is measured here).
 */
function hookQuestionPushed(socket: WebSocket, taskId: string, marker: string): Promise<number> {
  return taskPushed(socket, taskId, (task) => {
    const prompt = task.interaction?.prompt ?? '';
    return task.status === 'WAITING_FOR_USER' && prompt.includes(' wants to use ') && prompt.includes(marker);
  });
}

interface HookTimes {
  event: string;
  started: number;
  running: number;
  read: number;
  posted: number;
  answered: number;
}

/** The times of the first permission hook that started after a tool call went out at `after`. */
function permissionHookTimes(file: string, cli: AgentCli, after: number): HookTimes {
  const event = hookAgent(cli).permissionEvent;
  const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as HookTimes);
  const found = lines.filter((t) => t.event === event && t.started >= after - 50).sort((a, b) => a.started - b.started)[0];
  if (!found) throw new Error(`no ${event} hook times in ${file} after ${after}: ${JSON.stringify(lines)}`);
  return found;
}

interface RunFigures {
  asked: number;
  cliToHookStart: number;
  hookStartToPost: number;
  nodeStart: number;
  inputRead: number;
  hubToPush: number;
  answerToHook: number;
  answerToCommandRan: number;
  askedAgain: number;
  againCliToHookStart: number;
  turnOver: number;
}

async function oneRun(hub: TestHub, socket: WebSocket, cli: AgentCli, i: number): Promise<RunFigures> {
  let askedAt = 0;
  let askedAgainAt = 0;
  let finalReplyAt = 0;
  const standin = await startModelStandin(WIRE_FORMATS[cli], [{ shell: COMMAND }, { shell: COMMAND_AGAIN }, { text: FINAL_TEXT }], {
    // Called just before a reply is written, with its request recorded last: the time the tool call goes out.
    beforeReply: async () => {
      const answered = JSON.stringify(standin.requests.at(-1)?.answered ?? null);
      if (answered.includes('hello-from-standin')) askedAt = now();
      if (answered.includes('hello-again')) askedAgainAt = now();
      if (answered.includes(FINAL_TEXT)) finalReplyAt = now();
    },
  });
  const launch = prepareAgent(cli, standin.url, { seed: 'ready' });
  const timesFile = join(hub.home, `hook-times-${cli}-${i}.jsonl`);
  let taskId = '';
  // A command's file appearing: the CLI ran the command the person allowed.
  const ranAt: Record<string, number> = {};
  const fileMade = (file: string) =>
    new Promise<void>((resolve) => {
      const watcher = watch(launch.cwd, (_kind, name) => {
        if (name !== file || ranAt[file]) return;
        ranAt[file] = now();
        watcher.close();
        resolve();
      });
    });
  const ran = fileMade('made.txt');
  const ranAgain = fileMade('made-again.txt');
  try {
    const env = { ...launch.env, GATEHOUSE_HOOK_TIMES: timesFile };
    const task = { name: `${cli}${i}`, adapter: cli, pendingInputs: [PROMPT], args: launch.args, env };
    const { session } = await hub.client.request<{ session: WorkflowSessionState }>('POST', '/api/workflows', { workflow: { stages: [{ tasks: [task] }] }, cwd: launch.cwd });
    taskId = `${session.id}.${task.name}`;
    const shown = await hookQuestionPushed(socket, taskId, 'hello-from-standin');
    const shownAgain = hookQuestionPushed(socket, taskId, 'hello-again');
    const chosenAt = now();
    await hub.client.request('POST', `/api/tasks/${encodeURIComponent(taskId)}/choose`, { option: 'Yes' });
    await ran;
    const shownAgainAt = await shownAgain;
    // Its one prompt answered, the task is DONE once the CLI says its turn is over (its turn-end hook or state).
    const done = taskPushed(socket, taskId, (t) => t.status === 'DONE');
    await hub.client.request('POST', `/api/tasks/${encodeURIComponent(taskId)}/choose`, { option: 'Yes' });
    await ranAgain;
    const doneAt = await done;
    const hook = permissionHookTimes(timesFile, cli, askedAt);
    const hookAgain = permissionHookTimes(timesFile, cli, askedAgainAt);
    return {
      asked: shown - askedAt,
      cliToHookStart: hook.started - askedAt,
      hookStartToPost: hook.posted - hook.started,
      nodeStart: hook.running - hook.started,
      inputRead: hook.read - hook.running,
      hubToPush: shown - hook.posted,
      answerToHook: hook.answered - chosenAt,
      answerToCommandRan: ranAt['made.txt'] - chosenAt,
      askedAgain: shownAgainAt - askedAgainAt,
      againCliToHookStart: hookAgain.started - askedAgainAt,
      turnOver: doneAt - finalReplyAt,
    };
  } finally {
    if (taskId) await hub.client.request('POST', `/api/tasks/${encodeURIComponent(taskId)}/stop`).catch(() => undefined);
    await standin.close();
    launch.dispose();
  }
}

function cliRows(cli: AgentCli, runs: RunFigures[]): BenchRow[] {
  const label = `${cli} ${installedVersion(cli) ?? ''}`;
  const of = (key: keyof RunFigures) => runs.map((r) => r[key]);
  return [
    summarise(`${label}: permission requested (own hook) → task WAITING_FOR_USER`, of('asked'), { goal: '≤ 150 ms', note: "the session's first, from the model stand-in replying with the tool call" }),
    summarise(`${label}:   of which the CLI until its hook process starts`, of('cliToHookStart'), { note: "the CLI's own handling and its spawn" }),
    summarise(`${label}:   of which the hook process until its request goes out`, of('hookStartToPost'), { note: 'the next two rows, then hub.json' }),
    summarise(`${label}:     of which Node's start until the hook's code runs`, of('nodeStart'), { note: 'gatehouse-hook.cjs loaded' }),
    summarise(`${label}:     of which the CLI's hook input read to its end`, of('inputRead'), { note: 'stdin, as the CLI writes and closes it' }),
    summarise(`${label}:   of which the hub until the task is pushed`, of('hubToPush'), { note: 'HTTP, routing, WebSocket' }),
    summarise(`${label}: person's Yes (/choose) → the hook has the answer`, of('answerToHook'), { goal: '≤ 300 ms', note: 'it prints it and exits; no key is pressed' }),
    summarise(`${label}: person's Yes (/choose) → the command ran`, of('answerToCommandRan'), { note: "includes the CLI's own run of the command" }),
    summarise(`${label}: a second permission, same session → task WAITING_FOR_USER`, of('askedAgain'), { goal: '≤ 150 ms', note: "the CLI's one-time work of its first request done" }),
    summarise(`${label}:   of which the CLI until its hook process starts`, of('againCliToHookStart'), { note: "the CLI's own handling and its spawn" }),
    summarise(`${label}: turn over (model's last reply) → task row updated`, of('turnOver'), { goal: '≤ 150 ms', note: "DONE on the CLI's turn-end signal (see the task's explain line); includes the CLI drawing its reply" }),
  ];
}

export async function agentPermissionRows(runs = 7): Promise<BenchRow[]> {
  const only = process.env.BENCH_AGENTS?.split(',');
  const clis = CLIS.filter((cli) => installedVersion(cli) !== null && (!only || only.includes(cli)));
  const rows: BenchRow[] = [];
  for (const cli of CLIS) {
    if (installedVersion(cli) === null) rows.push({ name: `${cli}: permission requested (own hook) → task WAITING_FOR_USER`, runs: 0, median: NaN, p99: NaN, unit: 'ms', goal: '≤ 150 ms', note: 'not installed (.ci/install-agents.sh)' });
  }
  if (!clis.length) return rows;
  const hub = await startTestHub();
  // The built-in adapters as shipped, pointed at the pinned CLIs (not on PATH).
  writeFileSync(join(hub.home, 'adapters.yaml'), `adapters:\n${clis.map((cli) => `  ${cli}:\n    command: ${JSON.stringify(join(agentBinDir, cli))}\n`).join('')}`);
  const socket = new WebSocket(hub.client.wsUrl());
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  try {
    for (const cli of clis) {
      const figures: RunFigures[] = [];
      for (let i = 0; i < runs; i++) figures.push(await oneRun(hub, socket, cli, i));
      rows.push(...cliRows(cli, figures));
      if (cli === 'qwen') rows.push(...(await qwenOwnDialogRows(hub, socket, runs)));
    }
  } finally {
    socket.close();
    await hub.stop();
  }
  return rows;
}
