import type { i18n } from 'i18next';
import { createI18n, resources } from '../../shared/i18n/index.js';
import type { Language } from '../../shared/settings.js';

const PAGE_NAMESPACES = ['common', 'portal'] as const;
/**
 * Key groups of views a page opened with a gate link never shows (it has no list, settings, history, task or resolve
 * page): its catalog leaves them out, a fifth of the page's first load. A language switch there fetches the full one.
 */
const NOT_ON_GATE_PAGES = ['portal:settings.', 'portal:history.', 'portal:resolve.', 'portal:taskPage.', 'portal:list.', 'portal:root.', 'portal:channel.', 'common:taskStatus.', 'common:resolveStatus.'];
const instances = new Map<Language, Promise<i18n>>();

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

/**
 * Every string the portal page uses, resolved by i18next for `language` (with its English fallback) into a
 * flat `namespace:key → text` map. Placeholders stay as {{name}} for the page to fill in. `gate`: only what a page
 * opened with a gate link can show.
 */
export async function pageCatalog(language: Language, access: 'full' | 'gate' = 'full'): Promise<Record<string, string>> {
  let instance = instances.get(language);
  if (!instance) instances.set(language, (instance = createI18n(language)));
  const i18n = await instance;
  const catalog: Record<string, string> = {};
  for (const ns of PAGE_NAMESPACES) {
    for (const key of keys(resources.en[ns])) {
      if (access === 'gate' && NOT_ON_GATE_PAGES.some((group) => `${ns}:${key}`.startsWith(group))) continue;
      // skipInterpolation keeps {{name}} for the page; the English fallback still applies.
      catalog[`${ns}:${key}`] = String(i18n.t(key, { ns, skipInterpolation: true } as never));
    }
  }
  return catalog;
}

/** A server-side `t` for the inline fallback page, over the same catalog. */
export function catalogT(catalog: Record<string, string>) {
  return (key: string, vars: Record<string, string | number> = {}): string => {
    const template = catalog[key.includes(':') ? key : `portal:${key}`] ?? catalog[`common:${key}`] ?? key;
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
  };
}
