// Settings that would switch gatehouse's hooks off in an orchestrated agent CLI, or let it run a tool with nobody's
// yes. gatehouse's hook goes into a file the task owns, but the CLI still reads other settings files and merges them
// over it. Read here before start, in the CLI's own order and with its merge rules (Gemini CLI 0.61.0, Qwen Code
// 0.15.10: a setting is taken from the last file that sets it — system defaults < user < workspace < system; list
// settings noted below are unions; Codex 0.169.0: its TOML layers, at the end), so the launch can fail naming the
// setting and its file, leave yolo out, or run in the default approval mode and say why. Hard rule: a command never
// runs because hooks were off while yolo was on (at run time too: task-hook-proof.ts waits for Gemini's SessionStart).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse as parseToml } from 'smol-toml';

/** One settings file the CLI reads, lowest precedence first. `settings` null: absent; `unreadable`: not plain JSON (or TOML). */
export interface SettingsLayer {
  file: string;
  settings: Record<string, unknown> | null;
  unreadable?: string;
}

/** A setting that decides, with its value and the file it came from. */
export interface SettingFound {
  setting: string;
  value: unknown;
  file: string;
}

export interface GuardFindings {
  /** gatehouse's hooks would not run (e.g. hooksConfig.enabled false): the setting and the file. */
  hooksOff: SettingFound | null;
  /** Gemini refuses --approval-mode yolo (security.disableYoloMode): it would exit at start. */
  yoloRefused: SettingFound | null;
  /** Qwen's approval mode from settings runs tools without asking, so its permission hook is never asked. */
  approvalMode: SettingFound | null;
  /** Standing allow rules: the tools the CLI runs without asking (noted, not overridden: a person's or project's own yes). */
  allowRules: SettingFound[];
  /**
   * A file that exists but is not plain JSON (the CLIs accept comments in it): what it sets is unknown, so it is
   * taken as if it turned hooks off and refused yolo — the safe reading.
   */
  unreadable: SettingFound | null;
}

export function readLayer(file: string, parse: (text: string) => unknown = JSON.parse): SettingsLayer {
  if (!existsSync(file)) return { file, settings: null };
  let parsed: unknown;
  try {
    parsed = parse(readFileSync(file, 'utf8'));
  } catch (err) {
    // Its first line: a parser's error may go on with an excerpt of the file.
    return { file, settings: null, unreadable: (err as Error).message.split('\n')[0] };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { file, settings: null, unreadable: 'not a JSON object' };
  return { file, settings: parsed as Record<string, unknown> };
}

/** A Codex config layer (TOML, read by smol-toml). */
export const readTomlLayer = (file: string): SettingsLayer => readLayer(file, parseToml);

function at(settings: Record<string, unknown> | null, path: string): unknown {
  let value: unknown = settings;
  for (const key of path.split('.')) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The value the CLI ends up with for a scalar setting: the last file that sets it wins. */
export function lastSet(layers: SettingsLayer[], setting: string): SettingFound | null {
  let found: SettingFound | null = null;
  for (const layer of layers) {
    const value = at(layer.settings, setting);
    if (value !== undefined) found = { setting, value, file: layer.file };
  }
  return found;
}

/** Every file's entries of a list setting the CLI unites (mergeStrategy union). */
function listed(layers: SettingsLayer[], setting: string): SettingFound[] {
  return layers.flatMap((layer) => {
    const value = at(layer.settings, setting);
    return Array.isArray(value) && value.length ? [{ setting, value, file: layer.file }] : [];
  });
}

function unreadableLayer(layers: SettingsLayer[]): SettingFound | null {
  const layer = layers.find((l) => l.unreadable);
  return layer ? { setting: '(the whole file)', value: layer.unreadable, file: layer.file } : null;
}

type Env = Record<string, string | undefined>;

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

/** "hooksConfig.enabled false in /x/.gemini/settings.json" */
export function describeSetting(found: SettingFound): string {
  if (found.setting === '(the whole file)') return `${found.file} is not ${found.file.endsWith('.toml') ? 'valid TOML' : 'plain JSON'} (${found.value}), so what it sets is unknown`;
  return `${found.setting} ${JSON.stringify(found.value)} in ${found.file}`;
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

/**
 * Codex 0.169 (TOML, no JSON): `[features] hooks = false` (or its old name `codex_hooks`) in a config layer turns
 * every hook off — seen with the real CLI, from the person's config.toml (copied into the task's CODEX_HOME) and
 * from a trusted project's .codex/config.toml: the task then hung, on Codex's own dialog or waiting for a "Hooks
 * need review" screen that never came. Layers, lowest first: /etc/codex/config.toml, the person's config.toml,
 * the project's .codex/config.toml, /etc/codex/managed_config.toml; /etc/codex/requirements.toml's
 * `allow_managed_hooks_only = true` keeps all but the administrator's hooks from running.
 */
export function codexHooksOff(personConfig: string, cwd: string, etc = '/etc/codex'): SettingFound | null {
  const layers = [join(etc, 'config.toml'), personConfig, join(cwd, '.codex', 'config.toml'), join(etc, 'managed_config.toml')].map(readTomlLayer);
  // A file Codex would read but that is not TOML: what it sets is unknown — taken as turning hooks off.
  const unreadable = layers.find((l) => l.unreadable);
  if (unreadable) return { setting: '(the whole file)', value: unreadable.unreadable, file: unreadable.file };
  const requirements = readTomlLayer(join(etc, 'requirements.toml'));
  if (requirements.unreadable) return { setting: '(the whole file)', value: requirements.unreadable, file: requirements.file };
  if (at(requirements.settings, 'allow_managed_hooks_only') === true) return { setting: 'allow_managed_hooks_only', value: true, file: requirements.file };
  // Either name of the switch, in whichever layer set it last.
  let found: SettingFound | null = null;
  for (const layer of layers) {
    for (const name of ['hooks', 'codex_hooks']) {
      const value = at(layer.settings, `features.${name}`);
      if (typeof value === 'boolean') found = { setting: 'features.hooks', value, file: layer.file };
    }
  }
  return found?.value === false ? found : null;
}
