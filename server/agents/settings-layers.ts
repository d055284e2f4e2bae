// Settings that would switch gatehouse's hooks off in an orchestrated agent CLI, or let it run a tool with nobody's
// yes. gatehouse's hook goes into a file the task owns, but the CLI still reads other settings files and merges them
// over it. Read here before start, in the CLI's own order and with its merge rules (Gemini CLI 0.61.0, Qwen Code
// 0.15.10: a setting is taken from the last file that sets it — system defaults < user < workspace < system; list
// settings noted below are unions; Codex 0.169.0: its TOML layers, at the end), so the launch can fail naming the
// setting and its file, leave yolo out, or run in the default approval mode and say why. Hard rule: a command never
// runs because hooks were off while yolo was on (at run time too: task-hook-proof.ts waits for Gemini's SessionStart).
// One file per CLI reads its own: codex/, gemini/, qwen/settings-guard.ts; what they share is here.
import { existsSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';
import { readSettingsFile } from './settings-file.js';

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
  const read = readSettingsFile(file, parse);
  if (read.ok) return { file, settings: read.settings };
  // Its first line: a parser's error may go on with an excerpt of the file.
  return { file, settings: null, unreadable: read.reason === null ? 'not a JSON object' : read.reason.split('\n')[0] };
}

/** A Codex config layer (TOML, read by smol-toml). */
export const readTomlLayer = (file: string): SettingsLayer => readLayer(file, parseToml);

export function at(settings: Record<string, unknown> | null, path: string): unknown {
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
export function listed(layers: SettingsLayer[], setting: string): SettingFound[] {
  return layers.flatMap((layer) => {
    const value = at(layer.settings, setting);
    return Array.isArray(value) && value.length ? [{ setting, value, file: layer.file }] : [];
  });
}

export function unreadableLayer(layers: SettingsLayer[]): SettingFound | null {
  const layer = layers.find((l) => l.unreadable);
  return layer ? { setting: '(the whole file)', value: layer.unreadable, file: layer.file } : null;
}

export type Env = Record<string, string | undefined>;

/** "hooksConfig.enabled false in /x/.gemini/settings.json" */
export function describeSetting(found: SettingFound): string {
  if (found.setting === '(the whole file)') return `${found.file} is not ${found.file.endsWith('.toml') ? 'valid TOML' : 'plain JSON'} (${found.value}), so what it sets is unknown`;
  return `${found.setting} ${JSON.stringify(found.value)} in ${found.file}`;
}
