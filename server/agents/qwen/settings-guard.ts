// Qwen Code 0.15.10's settings files, read before an orchestrated run (the shared reading: ../settings-layers.ts).
import { join } from 'node:path';
import { describeSetting, lastSet, listed, readLayer, unreadableLayer, type Env, type GuardFindings, type SettingsLayer } from '../settings-layers.js';

/**
 * The files Qwen Code 0.15.10 merges: its system defaults (in a task: gatehouse's own file, named by
 * QWEN_CODE_SYSTEM_DEFAULTS_PATH), the user's settings.json ($QWEN_HOME or ~/.qwen), the workspace's
 * <cwd>/.qwen/settings.json (trusted folders; folder trust is off by default), system settings.
 */
export function qwenLayers(env: Env, cwd: string, systemDefaults: SettingsLayer, userFile: string): SettingsLayer[] {
  const system = env.QWEN_CODE_SYSTEM_SETTINGS_PATH || '/etc/qwen-code/settings.json';
  return [systemDefaults, readLayer(userFile), readLayer(join(cwd, '.qwen', 'settings.json')), readLayer(system)];
}

/** Approval modes in which Qwen Code runs a tool without asking (so without its PermissionRequest hook). */
const QWEN_UNASKED_MODES = new Set(['yolo', 'auto-edit', 'auto_edit', 'autoEdit']);

export function qwenFindings(layers: SettingsLayer[]): GuardFindings {
  const disableAll = lastSet(layers, 'disableAllHooks');
  const mode = lastSet(layers, 'tools.approvalMode');
  return {
    hooksOff: disableAll?.value === true ? disableAll : null,
    yoloRefused: null,
    approvalMode: typeof mode?.value === 'string' && QWEN_UNASKED_MODES.has(mode.value) ? mode : null,
    allowRules: [...listed(layers, 'permissions.allow'), ...listed(layers, 'tools.allowed')],
    unreadable: unreadableLayer(layers),
  };
}

/** How an orchestrated Qwen Code runs, given its findings. */
export interface QwenPlan {
  /** Added to its arguments: --approval-mode default when its settings would run tools without asking. */
  args: string[];
  hooksRun: boolean;
  note: string | null;
}

export function qwenPlan(found: GuardFindings): QwenPlan {
  const notes: string[] = [];
  const hooksRun = !found.hooksOff && !found.unreadable;
  if (found.hooksOff) notes.push(`gatehouse's hooks would not run (${describeSetting(found.hooksOff)}): Qwen Code's own dialog asks, on screen`);
  if (found.unreadable) notes.push(`${describeSetting(found.unreadable)}: taken as hooks off and tools run unasked`);
  const unasked = found.approvalMode ?? found.unreadable;
  if (found.approvalMode) notes.push(`${describeSetting(found.approvalMode)} would run tools without asking anyone: run with --approval-mode default`);
  else if (unasked) notes.push('run with --approval-mode default');
  for (const rule of found.allowRules) notes.push(`Qwen Code runs what ${describeSetting(rule)} allows without asking (no hook is asked)`);
  return { args: unasked ? ['--approval-mode', 'default'] : [], hooksRun, note: notes.length ? notes.join('; ') : null };
}
