// What a task starts: its adapter's command line (the task's own command and args, autoApprove's extra args), in
// the task's working directory and environment, with the agent CLI's own hooks wired in for this run.
import { resolve } from 'node:path';
import type { IAgentAdapter } from '../adapters/adapter.js';
import type { TerminalLaunch } from '../terminal/task-terminal.js';
import type { TaskDefinition } from '../workflow/workflow-schema.js';
import { launchWithAgentHooks, type HookedLaunch } from '../../agents/launch.js';

export interface TaskLaunchRequest {
  definition: TaskDefinition;
  adapter: IAgentAdapter;
  taskId: string;
  autoApprove: boolean;
  /** The session's working directory (a task's relative `cwd` is taken from it). */
  cwd: string;
  /** gatehouse's data directory; without it no hooks are wired. */
  dataDir?: string;
}

/**
 * The launch, or why the hooks could not be wired (`refused`). The adapter's own refusal (a command missing) is
 * thrown as its AdapterLaunchError.
 */
export function planTaskLaunch(request: TaskLaunchRequest): { launch: TerminalLaunch; hooked: HookedLaunch | null } | { refused: string } {
  const { definition, adapter } = request;
  const launch = adapter.getLaunchConfig({ command: definition.command, args: definition.args, autoApprove: request.autoApprove });
  const cwd = definition.cwd ? resolve(request.cwd, definition.cwd) : request.cwd;
  let hooked: HookedLaunch | null;
  try {
    const env = { ...process.env, ...launch.env, ...definition.env };
    hooked = request.dataDir ? launchWithAgentHooks({ agentId: adapter.hooks, taskId: request.taskId, dataDir: request.dataDir, cwd, env }) : null;
  } catch (error) {
    return { refused: `could not wire ${adapter.id}'s hooks: ${(error as Error).message}` };
  }
  return {
    launch: {
      command: launch.command,
      args: [...launch.args, ...(hooked?.args ?? [])],
      cwd,
      env: { ...launch.env, ...definition.env, ...hooked?.env },
      cols: definition.cols,
      rows: definition.rows,
      secretFields: [...(adapter.secretFields ?? [])],
    },
    hooked,
  };
}
