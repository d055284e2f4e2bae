import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HubPlugin } from '../hub/context.js';
import { catalogT, pageCatalog } from './page-catalog.js';
import { ASSET_ROUTE, MANIFEST_PATH } from './page-html.js';
import type { WebBundle } from './web-assets.js';

/** Where the portal's pages register the worker from, and its scope (the whole origin). */
export const SERVICE_WORKER_PATH = '/sw.js';
export const ICON_PATH = '/icon.svg';

/** The app's icon: a gate (two posts and an arch) on the portal's accent colour. */
const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="96" fill="#2f5fd0"/><path d="M136 408V216a120 120 0 0 1 240 0v192h-64V216a56 56 0 0 0-112 0v192z" fill="#fff"/><rect x="112" y="392" width="288" height="32" rx="12" fill="#fff"/></svg>`;

const MANIFEST = {
  name: 'gatehouse',
  short_name: 'gatehouse',
  description: 'Answer your coding agents’ questions and permission requests.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: '#2f5fd0',
  icons: [{ src: ICON_PATH, sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
};

/** The built worker (vite.sw.config.ts), null when the bundle is not built. */
function builtWorker(webDist: string): string | null {
  const file = join(webDist, 'sw', 'service-worker.js');
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/**
 * The portal as an installable app: the service worker at /sw.js (scope `/`; web/sw/), its web app manifest and icon.
 * All three are public (no credential: a gate link's page registers the worker too) and small. The worker's script is
 * the built one with its config in front — the bundle's version and the files it keeps — so a new bundle is a new
 * worker (the browser compares the bytes) and its cache follows.
 */
export function serviceWorkerRoutes(bundle: WebBundle | null, webDist: string): HubPlugin {
  return (app, ctx) => {
    const script = bundle ? builtWorker(webDist) : null;
    app.get(SERVICE_WORKER_PATH, { config: { public: true } }, async (_request, reply) => {
      if (!bundle || !script) return reply.code(404).header('cache-control', 'no-store').send({ error: { code: 'not_found', message: 'the portal bundle is not built (npm run build)' } });
      const language = ctx.settings.get().effective_language;
      const t = catalogT(await pageCatalog(language));
      const config = {
        version: bundle.version,
        precache: [bundle.entryScript, ...bundle.stylesheets].map((name) => `${ASSET_ROUTE}/${bundle.version}/${name}`),
        offline: { lang: language === 'zh' ? 'zh-CN' : 'en', title: t('offline.title'), text: t('offline.text') },
      };
      return reply
        .headers({ 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' })
        .send(`self.GATEHOUSE_SW=${JSON.stringify(config).replace(/</g, '\\u003c')};\n${script}`);
    });
    app.get(MANIFEST_PATH, { config: { public: true } }, (_request, reply) =>
      reply.headers({ 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': 'no-cache' }).send(JSON.stringify(MANIFEST)),
    );
    app.get(ICON_PATH, { config: { public: true } }, (_request, reply) =>
      reply.headers({ 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400', 'x-content-type-options': 'nosniff' }).send(ICON_SVG),
    );
  };
}
