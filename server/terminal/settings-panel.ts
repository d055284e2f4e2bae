import { CHOICE_LIMITS } from '../../shared/choice/limits.js';
import type { EffectiveSettings, SettingsPatch } from '../../shared/settings.js';
import { fitLine, style, truncate, wrap } from './ansi.js';
import { formatRemaining } from '../../shared/choice/format-remaining.js';
import type { Key } from './keys.js';
import type { Translate } from './translate.js';

export const SETTINGS_ROWS = ['language', 'interface', 'timeout', 'deadline', 'annotations', 'submit_mode', 'hints', 'switch_web', 'back'] as const;
export type SettingsRow = (typeof SETTINGS_ROWS)[number];

export type SettingsEffect =
  | { type: 'patch'; patch: SettingsPatch }
  | { type: 'extend'; seconds: number }
  | { type: 'switch_web' }
  | { type: 'back' }
  | { type: 'detach' };

const TIMEOUT_STEP = 60;
const INTERFACES = ['auto', 'web', 'terminal'] as const;

function cycle<T>(values: readonly T[], current: T, dir: 1 | -1): T {
  const i = values.indexOf(current);
  return values[(i + dir + values.length) % values.length]!;
}

/** A key on the settings screen: ↑↓/j k pick a row, ←→/Space change it, Enter acts, Esc goes back. */
export function handleSettingsKey(row: number, key: Key, settings: EffectiveSettings, remainingMs: number): { row: number; effect?: SettingsEffect } {
  const char = key.name === 'char' ? key.char : null;
  if (key.name === 'up' || char === 'k') return { row: Math.max(0, row - 1) };
  if (key.name === 'down' || char === 'j') return { row: Math.min(SETTINGS_ROWS.length - 1, row + 1) };
  if (key.name === 'escape' || char === 'q' || char === 's') return { row, effect: { type: 'back' } };
  if (key.name === 'ctrl' && key.char === 'c') return { row, effect: { type: 'detach' } };
  const dir: 1 | -1 | 0 = key.name === 'left' || char === 'h' || char === '-' ? -1 : key.name === 'right' || char === 'l' || char === '+' || key.name === 'space' || key.name === 'enter' ? 1 : 0;
  if (dir === 0) return { row };
  const name = SETTINGS_ROWS[row]!;
  switch (name) {
    case 'language':
      return { row, effect: { type: 'patch', patch: { language: settings.effective_language === 'en' ? 'zh' : 'en' } } };
    case 'interface':
      return { row, effect: { type: 'patch', patch: { preferred_interface: cycle(INTERFACES, settings.preferred_interface, dir) } } };
    case 'timeout': {
      const next = Math.min(CHOICE_LIMITS.maxTimeoutSeconds, Math.max(CHOICE_LIMITS.minTimeoutSeconds, settings.default_timeout_seconds + dir * TIMEOUT_STEP));
      return { row, effect: { type: 'patch', patch: { default_timeout_seconds: next } } };
    }
    case 'deadline': {
      const seconds = Math.max(CHOICE_LIMITS.minTimeoutSeconds, Math.round(remainingMs / 1000) + dir * TIMEOUT_STEP);
      return { row, effect: { type: 'extend', seconds } };
    }
    case 'annotations':
      return { row, effect: { type: 'patch', patch: { annotations_enabled: !settings.annotations_enabled } } };
    case 'submit_mode':
      return { row, effect: { type: 'patch', patch: { submit_mode: settings.submit_mode === 'batch' ? 'single-submit' : 'batch' } } };
    case 'hints':
      return { row, effect: { type: 'patch', patch: { terminal: { navigation_hints: !settings.terminal.navigation_hints } } } };
    case 'switch_web':
      return key.name === 'enter' || key.name === 'space' ? { row, effect: { type: 'switch_web' } } : { row };
    case 'back':
      return key.name === 'enter' || key.name === 'space' ? { row, effect: { type: 'back' } } : { row };
  }
}

function value(name: SettingsRow, settings: EffectiveSettings, remainingMs: number, t: Translate): string {
  const onOff = (on: boolean) => (on ? t('settings.on') : t('settings.off'));
  switch (name) {
    case 'language':
      return t(`language.${settings.effective_language}`, { ns: 'common' });
    case 'interface':
      return settings.preferred_interface === 'auto' ? t('settings.auto') : t(`interface.${settings.preferred_interface}`, { ns: 'common' });
    case 'timeout':
      return t('settings.seconds', { count: settings.default_timeout_seconds });
    case 'deadline':
      return formatRemaining(remainingMs);
    case 'annotations':
      return onOff(settings.annotations_enabled);
    case 'submit_mode':
      return settings.submit_mode === 'batch' ? t('settings.batch') : t('settings.singleSubmit');
    case 'hints':
      return onOff(settings.terminal.navigation_hints);
    default:
      return '';
  }
}

/** The settings screen, `height` lines of `width` columns. */
export function renderSettings(opts: { row: number; settings: EffectiveSettings; remainingMs: number; t: Translate; width: number; height: number; note: string | null }): string[] {
  const { t, width } = opts;
  const lines = [style.bold(truncate(t('settings.title'), width)), style.dim('─'.repeat(width))];
  SETTINGS_ROWS.forEach((name, i) => {
    const here = i === opts.row;
    const pointer = here ? style.cyan('❯') : ' ';
    const label = t(`settings.row.${name}`);
    const shown = value(name, opts.settings, opts.remainingMs, t);
    const text = shown ? t('field.labelValue', { label, value: here ? style.inverse(` ${shown} `) : shown }) : label;
    lines.push(`${pointer} ${here ? style.bold(text) : text}`);
  });
  lines.push(style.dim('─'.repeat(width)));
  if (opts.note) lines.push(...wrap(opts.note, width).map((l) => style.cyan(l)));
  lines.push(...wrap(t('settings.hint'), width).map((l) => style.dim(l)));
  // On a short terminal keep the current row in view.
  const overflow = Math.max(0, lines.length - opts.height);
  const start = Math.min(overflow, Math.max(0, opts.row + 2 - Math.floor(opts.height / 2)));
  const out = lines.slice(start, start + opts.height);
  while (out.length < opts.height) out.push('');
  return out.map((l) => fitLine(l, width));
}
