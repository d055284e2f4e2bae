import { LANGUAGES, type Language } from '../../shared/settings.js';

/** CHOICE_LANG (en|zh) → the default language; anything else falls back to English with a warning. */
export function languageFromEnv(env: NodeJS.ProcessEnv, warn: (message: string) => void): Language {
  const raw = env.CHOICE_LANG?.trim().toLowerCase();
  if (!raw) return 'en';
  if ((LANGUAGES as readonly string[]).includes(raw)) return raw as Language;
  warn(`CHOICE_LANG=${JSON.stringify(env.CHOICE_LANG)} is not supported (use en or zh); falling back to English`);
  return 'en';
}
