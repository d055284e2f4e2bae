import type { i18n } from 'i18next';
import { createI18n, resources } from '../../shared/i18n/index.js';
import type { Language } from '../../shared/settings.js';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import type { PortalPage } from './boot-data.js';

const PAGE_NAMESPACES = ['common', 'portal'] as const;
/** Strings of `gatehouse mcp`'s chat mode (the Protocol Block) in the shared namespace: no page shows them. */
const NOT_ON_PAGES = ['common:gate.'];
/** Key groups of views a page opened with a gate link never shows (no list, no home page, no channels). */
const NOT_ON_GATE_PAGES = ['portal:list.', 'portal:root.', 'portal:channel.'];
/**
 * Key groups of the views that are a page of their own or shown later: a page's catalog holds those its first view
 * shows, and a view shown later fetches the rest when it loads (web/config/i18n.ts withStrings) — so the first load
 * of a pending choice page carries no settings, history, task, resolve, final-state or notification strings.
 */
const VIEW_GROUPS = {
  settings: ['portal:settings.', 'common:language.'],
  history: ['portal:history.', 'portal:source.agent', 'portal:source.anyAgent', 'portal:source.historyScope'],
  task: ['portal:taskPage.', 'common:taskStatus.'],
  resolve: ['portal:resolve.', 'common:resolveStatus.'],
  home: ['portal:root.'],
  final: ['portal:final.'],
  questions: ['portal:questions.'],
  permission: ['portal:permission.'],
  gateLink: ['portal:gateLink.'],
  // What a browser notification says: the watcher that shows them loads once they are allowed.
  notifications: ['portal:notify.newTitle', 'portal:notify.soonTitle', 'portal:notify.timedOutTitle', 'portal:notify.autoTitle', 'portal:notify.card.'],
  // What the service worker's "hub not running" page says (the hub puts it in the worker's script).
  offline: ['portal:offline.'],
};
type View = keyof typeof VIEW_GROUPS;

/** What a page shows first: its page, and on a choice page the gate it is about. */
export interface FirstView {
  page: PortalPage;
  access: 'full' | 'gate';
  session?: ChoiceSessionView | null;
}

/** The views a page shows first (the no-script body shows the home heading on every page but a choice page). */
function viewsOf({ page, access, session }: FirstView): Set<View> {
  const views = new Set<View>();
  if (page === 'history' || page === 'task' || page === 'resolve') views.add(page);
  if (page !== 'choice') views.add('home');
  if (session && session.status !== 'pending') views.add('final');
  if (session?.request.questions) views.add('questions');
  if (session?.permission_view || session?.source?.kind === 'hook') views.add('permission');
  if (access === 'gate') views.add('gateLink');
  return views;
}

const instances = new Map<Language, Promise<i18n>>();

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

/** The groups a page leaves out of its catalog; for the full catalog (no `first`), only strings no page shows. */
function leftOut(first: FirstView | undefined): string[] {
  if (!first) return NOT_ON_PAGES;
  const shown = viewsOf(first);
  const views = (Object.keys(VIEW_GROUPS) as View[]).filter((view) => !shown.has(view)).flatMap((view) => VIEW_GROUPS[view]);
  return [...NOT_ON_PAGES, ...views, ...(first.access === 'gate' ? NOT_ON_GATE_PAGES : [])];
}

/**
 * The strings the portal page uses, resolved by i18next for `language` (with its English fallback) into a flat
 * `namespace:key → text` map. Placeholders stay as {{name}} for the page to fill in. With `first`: only what that
 * page shows first (and, with `gate` access, can show at all); without: every string (GET /api/portal/catalog/:lang).
 */
export async function pageCatalog(language: Language, first?: FirstView): Promise<Record<string, string>> {
  let instance = instances.get(language);
  if (!instance) instances.set(language, (instance = createI18n(language)));
  const i18n = await instance;
  const skip = leftOut(first);
  const catalog: Record<string, string> = {};
  for (const ns of PAGE_NAMESPACES) {
    for (const key of keys(resources.en[ns])) {
      if (skip.some((group) => `${ns}:${key}`.startsWith(group))) continue;
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
