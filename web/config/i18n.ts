import type { Language } from '../../shared/settings.js';

/**
 * The page's strings. i18next runs in the hub (shared/i18n, the same instance the terminal UI uses, with
 * its English fallback): the hub resolves the `portal` and `common` namespaces into a flat catalog for a
 * language, embeds in the page the strings of its first view in the language in force (server/web-portal/
 * page-catalog.ts) and serves whole catalogs at /api/portal/catalog/:lang. The page only looks keys up and fills in
 * {{placeholders}} — keeping i18next's 16 KB out of the first load.
 */
export type Catalog = Record<string, string>;

const catalogs: Partial<Record<Language, Catalog>> = {};
let current: Language = 'en';
export const i18n = {
  get language(): Language {
    return current;
  },
};

export function initI18n(language: Language, catalog: Catalog): void {
  catalogs[language] = catalog;
  current = language;
  // The hub renders a choice page's first HTML with these too (web/ssr/): no document there.
  if (typeof document !== 'undefined') document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
}

/** Whole catalogs fetched (or being fetched), by language; one request each. */
const whole: Partial<Record<Language, Promise<boolean>>> = {};

function loadWholeCatalog(language: Language): Promise<boolean> {
  whole[language] ??= fetch(`/api/portal/catalog/${language}`, { credentials: 'same-origin' })
    .then(async (response) => {
      if (!response.ok) return false;
      catalogs[language] = { ...catalogs[language], ...((await response.json()) as { catalog: Catalog }).catalog };
      return true;
    })
    .catch(() => false)
    .then((ok) => (ok ? true : ((whole[language] = undefined), false)));
  return whole[language]!;
}

/** Loads the language's catalog if needed and switches; resolves once the page can re-render in it. */
export async function setLanguage(language: Language): Promise<void> {
  if (!catalogs[language] && !(await loadWholeCatalog(language))) return;
  current = language;
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
}

/**
 * `view` once the catalog holds its strings (`probe`: one of its keys). The page's catalog has only its first view's
 * strings; a view opened later (settings, history, a task or resolve page) fetches the whole catalog with its code.
 */
export async function withStrings<T>(probe: string, view: Promise<T>): Promise<T> {
  if (!(probe in (catalogs[current] ?? {}))) await loadWholeCatalog(current);
  return view;
}

/** `t('choice.hintMulti', {min, max})` (portal namespace) or `t('common:status.pending')`. */
export function t(key: string, options: Record<string, unknown> = {}): string {
  const catalog = catalogs[current] ?? {};
  const found = key.includes(':') ? catalog[key] : (catalog[`portal:${key}`] ?? catalog[`common:${key}`]);
  const template = found ?? (options.defaultValue as string | undefined) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(options[name] ?? ''));
}
