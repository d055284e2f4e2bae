// The one reader of an agent CLI's settings file (settings.json, hooks.json; config.toml with a TOML parser): its
// text parsed into an object, or why it is not one. Each caller words the problem for its own place — the
// settings guard takes it as "unknown, so unsafe", the per-run wiring and `gatehouse hooks install` refuse.
import { readFileSync } from 'node:fs';

export type SettingsRead =
  /** `hooksObject`: its `hooks` is absent or an object (what a hooks file must hold). */
  | { ok: true; settings: Record<string, any>; hooksObject: boolean }
  /** `reason`: the reader's or parser's message; null: it parsed, but not into an object. */
  | { ok: false; reason: string | null };

export function parseSettings(text: string, parse: (text: string) => unknown = JSON.parse): SettingsRead {
  let parsed: unknown;
  try {
    parsed = parse(text);
  } catch (err) {
    return { ok: false, reason: (err as Error).message };
  }
  return settingsObject(parsed);
}

/** The file read and parsed; a file that cannot be read (absent included) is `ok: false` with the system's reason. */
export function readSettingsFile(path: string, parse: (text: string) => unknown = JSON.parse): SettingsRead {
  let parsed: unknown;
  try {
    parsed = parse(readFileSync(path, 'utf8'));
  } catch (err) {
    return { ok: false, reason: (err as Error).message };
  }
  return settingsObject(parsed);
}

function settingsObject(parsed: unknown): SettingsRead {
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, reason: null };
  const hooks = (parsed as Record<string, unknown>).hooks;
  return { ok: true, settings: parsed as Record<string, any>, hooksObject: hooks === undefined || (!!hooks && typeof hooks === 'object' && !Array.isArray(hooks)) };
}
