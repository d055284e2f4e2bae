// Gemini CLI 0.61.0's settings files, read before an orchestrated run (the shared reading: ../settings-layers.ts).
import { dirname, join } from 'node:path';
import { describeSetting, lastSet, listed, readLayer, unreadableLayer, type Env, type GuardFindings, type SettingsLayer } from '../settings-layers.js';

/**
 * The files Gemini CLI 0.61.0 merges (its settings.ts): system defaults, the user's settings.json (in a task: the
 * task's own GEMINI_CLI_HOME copy, gatehouse's hooks in it), the workspace's <cwd>/.gemini/settings.json (used only
 * in a trusted folder — read here in every case: an untrusted folder already runs without yolo), system settings.
 */
export function geminiLayers(env: Env, cwd: string, user: SettingsLayer): SettingsLayer[] {
  const system = env.GEMINI_CLI_SYSTEM_SETTINGS_PATH || '/etc/gemini-cli/settings.json';
  const systemDefaults = env.GEMINI_CLI_SYSTEM_DEFAULTS_PATH || join(dirname(system), 'system-defaults.json');
  return [readLayer(systemDefaults), user, readLayer(join(cwd, '.gemini', 'settings.json')), readLayer(system)];
}

/** What in Gemini's settings turns gatehouse's hook off (`permissionCommand`: the task's BeforeTool hook) or refuses yolo. */
export function geminiFindings(layers: SettingsLayer[], permissionCommand: string): GuardFindings {
  const enabled = lastSet(layers, 'hooksConfig.enabled');
  // hooksConfig.disabled (a union) names hooks by their `name`, else their command line, exactly.
  const disabled = listed(layers, 'hooksConfig.disabled').find((f) => (f.value as unknown[]).includes(permissionCommand));
  const noYolo = lastSet(layers, 'security.disableYoloMode');
  return {
    hooksOff: enabled?.value === false ? enabled : disabled ? { ...disabled, value: permissionCommand } : null,
    yoloRefused: noYolo?.value === true ? noYolo : null,
    approvalMode: null,
    allowRules: [],
    unreadable: unreadableLayer(layers),
  };
}

/** How an orchestrated Gemini CLI runs, given its findings: yolo only with gatehouse's hook sure to be in play. */
export interface GeminiPlan {
  /**
   * Why the task cannot start (gatehouse's hooks would not run, or a settings file cannot be read), naming the
   * setting and its file; null: it can. Without its hooks Gemini's turn state is the screen alone, which reads its
   * still-drawn input box as idle mid-turn — so the task fails before start rather than run on guesses.
   */
  refuse: string | null;
  /** --approval-mode yolo with the BeforeTool hook as the gate; false: Gemini's own dialog asks, read on screen. */
  yolo: boolean;
  /** Why not yolo (the setting and its file), or null. */
  note: string | null;
}

export function geminiPlan(found: GuardFindings): GeminiPlan {
  const off = found.hooksOff ? `gatehouse's hooks would not run in Gemini CLI: ${describeSetting(found.hooksOff)}` : found.unreadable ? `${describeSetting(found.unreadable)} — gatehouse cannot tell whether it turns Gemini CLI's hooks off` : null;
  if (off) return { refuse: `${off}. gatehouse runs Gemini CLI only with its hooks on (with --approval-mode yolo, its BeforeTool hook is the only gate): change that setting, or run this task where it does not apply`, yolo: false, note: null };
  if (found.yoloRefused) return { refuse: null, yolo: false, note: `not run in yolo (Gemini CLI refuses it: ${describeSetting(found.yoloRefused)}): Gemini CLI's own dialog asks, on screen` };
  return { refuse: null, yolo: true, note: null };
}
