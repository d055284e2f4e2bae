// Claude Code's per-run hook wiring: `--settings <task dir>/claude-settings.json`, added on top of the person's settings.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hookGroups, type HookedLaunch, type LaunchContext } from '../task-hook-files.js';

export function claudeLaunch({ agent, dir, request, env, cleanup, events }: LaunchContext): HookedLaunch {
  const file = join(dir, 'claude-settings.json');
  writeFileSync(file, `${JSON.stringify({ hooks: hookGroups(agent, request.taskId) }, null, 2)}\n`, { mode: 0o600 });
  return { args: ['--settings', file], env, turnEndHook: agent.turnEndEvent !== null, note: `${agent.name} ${events} hooks via --settings (task's own file)`, cleanup };
}
