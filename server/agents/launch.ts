// When the orchestrator launches an agent CLI that has hooks, gatehouse's own hook goes in through the CLI's
// per-run mechanism, in a folder the task owns (<data dir>/tasks/<task id>/) — never in the person's files:
// - Claude Code: `--settings <task dir>/claude-settings.json` (added on top of the person's settings);
// - Codex: CODEX_HOME = <task dir>/codex-home, seeded from the person's Codex home, with our hooks.json;
// - Gemini CLI: GEMINI_CLI_HOME = <task dir>/gemini-home, its .gemini seeded from the person's, with our hooks;
// - Qwen Code: its system-defaults settings file pointed at <task dir>/qwen-system-defaults.json.
// The hook runs `gatehouse hook <agent> <event> --task <task id>`, so the hub answers it as the task's.
// Each CLI's wiring is in its own folder (<id>/launch.ts), named in registry.ts.
import { mkdirSync, rmSync } from 'node:fs';
import { hookAgent } from './hook-agents.js';
import { agentClis } from './registry.js';
import { taskDir, type HookedLaunch, type HookLaunchRequest } from './task-hook-files.js';

export { TASK_HOOK_WAIT_SECONDS, taskDir, type HookedLaunch, type HookLaunchRequest } from './task-hook-files.js';

/** The per-run hook wiring for the task's CLI, or null when its adapter names no hook contract. */
export function launchWithAgentHooks(request: HookLaunchRequest): HookedLaunch | null {
  if (!request.agentId) return null;
  const agent = hookAgent(request.agentId);
  const dir = taskDir(request.dataDir, request.taskId);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // GATEHOUSE_TASK_ID/_AGENT tell a `gatehouse hooks install`ed hook of this CLI (the person's settings are read
  // too: Claude Code, Qwen Code) that it runs inside this task, whose own hook (--task) answers: it steps aside.
  const env = { GATEHOUSE_TASK_ID: request.taskId, GATEHOUSE_TASK_AGENT: agent.id, GATEHOUSE_HOME: request.dataDir };
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  const events = [agent.callHook?.event, agent.permissionEvent, agent.turnEndEvent, agent.noticeEvent, agent.startEvent].filter(Boolean).join(' + ');
  const launch = agentClis.find((cli) => cli.id === agent.id)?.launch;
  if (launch) return launch({ agent, dir, request, env, cleanup, events });
  throw new Error(`adapter hooks: "${agent.id}" has no per-run hook wiring`);
}
