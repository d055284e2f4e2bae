import { z } from 'zod';
import { CHOICE_LIMITS } from './choice/limits.js';
import { LANGUAGES, type Language } from './languages.js';

export { LANGUAGES, type Language } from './languages.js';

/** Settings shared by every interface, persisted by the hub. */
export const settingsSchema = z.strictObject({
  /** null = use CHOICE_LANG (or English). */
  language: z.enum(LANGUAGES, { error: 'must be en or zh' }).nullable(),
  /** single-submit: choosing an option submits at once (single mode only); batch: explicit Submit. */
  submit_mode: z.enum(['single-submit', 'batch'], { error: 'must be single-submit or batch' }),
  annotations_enabled: z.boolean({ error: 'must be true or false' }),
  placeholders_enabled: z.boolean({ error: 'must be true or false' }),
  default_timeout_seconds: z
    .number({ error: 'must be a number of seconds' })
    .int({ error: 'must be a whole number' })
    .min(CHOICE_LIMITS.minTimeoutSeconds, { error: `must be at least ${CHOICE_LIMITS.minTimeoutSeconds}` })
    .max(CHOICE_LIMITS.maxTimeoutSeconds, { error: `must be at most ${CHOICE_LIMITS.maxTimeoutSeconds}` }),
  /** Which interface `auto` requests prefer when several could serve. */
  preferred_interface: z.enum(['auto', 'web', 'terminal'], { error: 'must be auto, web or terminal' }),
  notifications: z.strictObject({
    enabled: z.boolean(),
    on_new: z.boolean(),
    on_timeout: z.boolean(),
  }),
  terminal: z.strictObject({
    navigation_hints: z.boolean(),
  }),
});
export type Settings = z.infer<typeof settingsSchema>;

/** A partial update (PUT /api/settings); nested objects may be partial too. */
export const settingsPatchSchema = settingsSchema
  .extend({
    notifications: settingsSchema.shape.notifications.partial(),
    terminal: settingsSchema.shape.terminal.partial(),
  })
  .partial();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

export const DEFAULT_SETTINGS: Settings = {
  language: null,
  submit_mode: 'batch',
  annotations_enabled: true,
  placeholders_enabled: true,
  default_timeout_seconds: CHOICE_LIMITS.defaultTimeoutSeconds,
  preferred_interface: 'auto',
  notifications: { enabled: true, on_new: true, on_timeout: true },
  terminal: { navigation_hints: true },
};

export function applySettingsPatch(current: Settings, patch: SettingsPatch): Settings {
  return {
    ...current,
    ...patch,
    notifications: { ...current.notifications, ...(patch.notifications ?? {}) },
    terminal: { ...current.terminal, ...(patch.terminal ?? {}) },
  } as Settings;
}

/** Settings as served to UIs: the stored ones plus the language actually in force. */
export interface EffectiveSettings extends Settings {
  effective_language: Language;
}
