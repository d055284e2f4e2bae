// The command line an agent CLI runs as gatehouse's hook: this gatehouse's own node and the hook's own bundled
// entry (dist/cli/gatehouse-hook.cjs: one file, no launcher, none of the other commands' modules), so the hook
// works whatever PATH the agent runs with and starts about as fast as node itself. For the decisions of a hook
// installed by hand, curl goes first (hook-fast-path.ts: ~5 ms instead of Node's ~70), the Node hook behind it. Without the bundle (a build
// that only compiled) it is `gatehouse hook` through the launcher, which picks the same entry.
//
// All four CLIs run the line through a POSIX shell (Claude Code `sh -c`; Codex, Gemini CLI, Qwen Code `bash -c`),
// so it starts with assignments that empty two variables for node alone (never for the CLI):
// - NODE_EXTRA_CA_CERTS: Node 20 parses the named bundle before it runs any code — 40 ms of CPU for the usual
//   /etc/ssl/certs/ca-certificates.crt, twice node's own start — and the hook only speaks plain HTTP to 127.0.0.1.
// - NODE_OPTIONS: the person's flags for their own programs (a --require, --inspect whose port is taken, a
//   larger heap) are not the hook's; with them the hook could fail to start and leave the CLI without an answer.
// Windows shells know no such assignments, so there the line is node's alone.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { cliLauncher, packageRoot } from '../package-info.js';
import { fastHookLine } from './hook-fast-path.js';
import { hookAgents } from './hook-agents.js';

/** How long the hook waits for the person when the line does not say (`gatehouse hook --wait`). */
export const DEFAULT_HOOK_WAIT_SECONDS = 120;

export const hookBundle = join(packageRoot, 'dist', 'cli', 'gatehouse-hook.cjs');

/** The variables emptied for the hook's node (see above). */
const HOOK_CLEARED_ENV = ['NODE_EXTRA_CA_CERTS', 'NODE_OPTIONS'] as const;

/** `taskId`: the hook an orchestrated task wires in for itself (`--task`), told apart from one installed by hand. */
export function hookCommandLine(agentId: string, event: string, waitSeconds?: number, taskId?: string): string {
  const wait = `${waitSeconds === undefined ? '' : ` --wait ${waitSeconds}`}${taskId === undefined ? '' : ` --task ${JSON.stringify(taskId)}`}`;
  const program = existsSync(hookBundle) ? JSON.stringify(hookBundle) : `${JSON.stringify(cliLauncher)} hook`;
  const cleared = process.platform === 'win32' ? '' : HOOK_CLEARED_ENV.map((name) => `${name}= `).join('');
  const nodeCommand = `${JSON.stringify(process.execPath)} ${program} ${agentId} ${event}${wait}`;
  const nodeLine = `${cleared}${nodeCommand}`;
  // The installed hook's decisions (not a task's own hook, nor its turn-end events) take the fast path first.
  const agent = hookAgents.find((a) => a.id === agentId);
  const decides = agent !== undefined && (event === agent.permissionEvent || event === agent.callHook?.event);
  if (process.platform === 'win32' || taskId !== undefined || !decides) return nodeLine;
  // The script empties the two variables for the Node hook itself.
  return fastHookLine(agentId, event, waitSeconds ?? DEFAULT_HOOK_WAIT_SECONDS, nodeCommand);
}
