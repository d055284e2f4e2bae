// Codex 0.169's TOML config layers, read before an orchestrated run (the shared reading: ../settings-layers.ts).
import { join } from 'node:path';
import { at, readTomlLayer, type SettingFound } from '../settings-layers.js';

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
