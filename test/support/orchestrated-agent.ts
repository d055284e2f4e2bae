// A real agent CLI run as a task of `gatehouse run` (a real hub, the CLI in the orchestrator's PTY) against its
// model stand-in that asks for one shell command: the hooks the orchestrator wires in are the only gatehouse
// hooks in play. Helpers to wait for the task's state and answer it the way a person does (/choose).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TaskView } from '../../server/orchestrator/face/task-views.js';
import type { WorkflowSessionState } from '../../server/orchestrator/task/task-types.js';
import { prepareAgent, WIRE_FORMATS, type AgentCli, type AgentLaunch } from './model-standins/agent-setups.js';
import { startModelStandin, type ModelStandin } from './model-standins/standin-server.js';
import { makeTempHome, startTestHub, type TestHub } from './test-hub.js';
import { COMMAND, PROMPT } from './agent-hook-run.js';

export interface OrchestratedAgent {
  hub: TestHub;
  standin: ModelStandin;
  launch: AgentLaunch;
  taskId: string;
  madeFile: string;
  task(): Promise<TaskView>;
  /** Polls the task until `pick` holds (the task's own state; no fixed sleeps); past `timeoutMs`, fails with its explain and screen. */
  until(pick: (task: TaskView) => boolean, what: string, timeoutMs?: number): Promise<TaskView>;
  choose(body: { index: number } | { option: string }): Promise<TaskView>;
  /** Waits until the CLI's process has exited and the task's end has taken what it started along (`alive` false). */
  exited(): Promise<TaskView>;
  close(): Promise<void>;
}

/**
 * `configure`: changes the person's own CLI config in the throw-away HOME before the task starts. `seed`: the CLI's
 * first-run config (agent-setups.ts; default 'ready'). `hubEnv`: more environment for the hub (a Telegram stand-in's).
 */
export async function startOrchestratedAgent(
  cli: AgentCli,
  opts: { autoApprove: boolean; handlers?: unknown[]; configure?: (launch: AgentLaunch) => void; seed?: 'ready' | 'fresh' | 'new'; hubEnv?: NodeJS.ProcessEnv; policy?: string },
): Promise<OrchestratedAgent> {
  const standin = await startModelStandin(WIRE_FORMATS[cli], [{ shell: COMMAND }, { text: 'All done.' }]);
  const launch = prepareAgent(cli, standin.url, { seed: opts.seed ?? 'ready' });
  opts.configure?.(launch);
  const home = await makeTempHome('gatehouse-orch-hooks-');
  // The built-in adapter as shipped, pointed at the pinned CLI (not on PATH).
  writeFileSync(join(home, 'adapters.yaml'), `adapters:\n  ${cli}:\n    command: ${JSON.stringify(launch.command)}\n`);
  if (opts.policy !== undefined) writeFileSync(join(home, 'policy.yaml'), opts.policy);
  const hub = await startTestHub({ home, ...(opts.hubEnv ? { env: opts.hubEnv } : {}) });
  const task = { name: 'agent', adapter: cli, autoApprove: opts.autoApprove, handlers: opts.handlers ?? [], pendingInputs: [PROMPT], args: launch.args, env: launch.env };
  const { session } = await hub.client.request<{ session: WorkflowSessionState }>('POST', '/api/workflows', { workflow: { name: `${cli}-hooks`, stages: [{ tasks: [task] }] }, cwd: launch.cwd });
  const taskId = `${session.id}.agent`;
  const path = `/api/tasks/${encodeURIComponent(taskId)}`;
  const get = async () => (await hub.client.request<{ task: TaskView; screen: string | null }>('GET', path)).task;
  return {
    hub,
    standin,
    launch,
    taskId,
    madeFile: join(launch.cwd, 'made.txt'),
    task: get,
    async until(pick, what, timeoutMs = 150_000) {
      let last: TaskView | null = null;
      const deadline = Date.now() + timeoutMs;
      for (let i = 0; ; i++) {
        last = await get();
        if (pick(last)) return last;
        if (Date.now() > deadline) {
          const { screen } = await hub.client.request<{ screen: string | null }>('GET', path);
          throw new Error(`task still ${last.status}, not ${what}:\n${(last.explain ?? []).join('\n')}\n--- screen:\n${screen ?? ''}`);
        }
        if (last.status === 'FAILED' || (last.status === 'DONE' && !pick(last))) {
          throw new Error(`task ${last.status} before ${what}: ${last.error ?? ''}\n${(last.explain ?? []).join('\n')}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async choose(body) {
      return (await hub.client.request<{ task: TaskView }>('POST', `${path}/choose`, body)).task;
    },
    async exited() {
      for (;;) {
        const t = await get();
        if (!t.alive) return t;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      await hub.client.request('POST', `${path}/stop`).catch(() => undefined);
      await hub.stop();
      await standin.close();
      launch.dispose();
    },
  };
}
