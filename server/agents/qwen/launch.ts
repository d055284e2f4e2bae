// Qwen Code's per-run hook wiring: its system-defaults settings file, the task's own (the shared parts: ../task-hook-files.ts).
import { existsSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { readSettingsObject, withTaskHooks, type HookedLaunch, type LaunchContext } from '../task-hook-files.js';
import { qwenFindings, qwenLayers, qwenPlan } from './settings-guard.js';

/**
 * Qwen Code reads a system-defaults settings file named by an environment variable (the lowest
 * precedence; hook lists of all their settings files are concatenated): the task gets its own, holding what the
 * machine's defaults file held plus gatehouse's hooks, and the person's settings stay as they are.
 */
export function qwenLaunch({ agent, dir, request, env, cleanup, events }: LaunchContext): HookedLaunch {
  const defaults = agent.systemDefaults;
  if (!defaults) throw new Error(`adapter hooks: "${agent.id}" has no per-run hook wiring`);
  const theirsPath = defaults.path(request.env);
  const settings: Record<string, any> = existsSync(theirsPath) ? readSettingsObject(theirsPath) : {};
  const file = join(dir, `${agent.id}-system-defaults.json`);
  writeFileSync(file, withTaskHooks(settings, agent, request.taskId), { mode: 0o600 });
  // What the person's and the project's Qwen settings do to those hooks and to its approval mode (./settings-guard.ts).
  const plan = qwenPlan(qwenFindings(qwenLayers(request.env, request.cwd, { file, settings }, agent.settings.path(request.env, request.env.HOME ?? homedir()))));
  return {
    args: plan.args,
    env: { ...env, [defaults.envVar]: file },
    turnEndHook: plan.hooksRun && agent.turnEndEvent !== null,
    note: `${agent.name} ${events} hooks via ${defaults.envVar} (task's own file)${plan.note ? `; ${plan.note}` : ''}`,
    cleanup,
  };
}
