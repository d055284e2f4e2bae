import i18next, { type i18n } from 'i18next';
import type { Language } from '../settings.js';
import { NAMESPACES, resources } from './resources.js';

/**
 * An i18next instance for one UI (portal page, terminal UI). Namespaces: `common` (shared words: statuses,
 * interfaces, actions), `portal`, `terminal`. Missing keys fall back to English — and a test checks there are none.
 */
export async function createI18n(language: Language): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: ['en', 'zh'],
    resources,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

export { NAMESPACES, resources };
