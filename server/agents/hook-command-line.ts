// The command line an agent CLI runs as gatehouse's hook: this gatehouse's own node and the hook's own bundled
// entry (dist/cli/gatehouse-hook.cjs: one file, no launcher, none of the other commands' modules), so the hook
// works whatever PATH the agent runs with and starts about as fast as node itself. Without the bundle (a build
// that only compiled) it is `gatehouse hook` through the launcher, which picks the same entry.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { cliLauncher, packageRoot } from '../package-info.js';

export const hookBundle = join(packageRoot, 'dist', 'cli', 'gatehouse-hook.cjs');

/** `taskId`: the hook an orchestrated task wires in for itself (`--task`), told apart from one installed by hand. */
export function hookCommandLine(agentId: string, event: string, waitSeconds?: number, taskId?: string): string {
  const wait = `${waitSeconds === undefined ? '' : ` --wait ${waitSeconds}`}${taskId === undefined ? '' : ` --task ${JSON.stringify(taskId)}`}`;
  const program = existsSync(hookBundle) ? JSON.stringify(hookBundle) : `${JSON.stringify(cliLauncher)} hook`;
  return `${JSON.stringify(process.execPath)} ${program} ${agentId} ${event}${wait}`;
}
