import { bootJson, type PortalBoot } from './boot-data.js';
import { esc } from './html-escape.js';
import type { WebBundle } from './web-assets.js';

export const ASSET_ROUTE = '/assets';
/** The portal's web app manifest (server/web-portal/service-worker-route.ts serves it). */
export const MANIFEST_PATH = '/manifest.webmanifest';

/**
 * The HTML shell of a portal page: the versioned, hashed bundle plus the page's first state as JSON. A browser without
 * scripts is sent on to `plain` (the same page as plain HTML, fallback-page.ts), and shown a link there should it not
 * follow the refresh: the plain page's list and form are not part of every page's first load. `appHtml`: the page
 * rendered by the hub (a pending choice, choice-ssr.ts), which the bundle takes over; without it the bundle draws it.
 * A page the hub rendered and opened with a gate link (an agent's link, often a browser's first visit) carries the
 * entry's stylesheet in itself: it is drawn, and answerable, as soon as its HTML is in, with no request in between (a
 * linked stylesheet holds back the first paint until it has come). The person's own portal (the credential) links it:
 * there it is cached from page to page, and the page's HTML, compressed as it is sent, stays smaller.
 */
export function bundlePageHtml(bundle: WebBundle, boot: PortalBoot, title: string, plain: { url: string; label: string }, appHtml = ''): string {
  const at = (name: string) => `${ASSET_ROUTE}/${bundle.version}/${name}`;
  const lang = boot.settings.effective_language === 'zh' ? 'zh-CN' : 'en';
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="same-origin">
<title>${esc(title)}</title>
<link rel="manifest" href="${MANIFEST_PATH}">
<noscript><meta http-equiv="refresh" content="0; url=${esc(plain.url)}"></noscript>
${bundle.stylesheets.map((css) => (appHtml && boot.access === 'gate' && inlineText(bundle, css) !== null ? `<style>${inlineText(bundle, css)}</style>` : `<link rel="stylesheet" href="${at(css)}">`)).join('\n')}
<script type="module" src="${at(bundle.entryScript)}"></script>
</head>
<body>
<div id="app">${appHtml}</div>
<noscript><p><a href="${esc(plain.url)}" data-testid="plain-link">${esc(plain.label)}</a></p></noscript>
<script type="application/json" id="gatehouse-boot">${bootJson(boot)}</script>
</body>
</html>
`;
}

/** Headers of every portal page: never cached, never framed, no referrer to other sites. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

/** Headers of a content-hashed asset: cacheable for a year, never revalidated. */
export const ASSET_HEADERS = { 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' };

/** Each bundle's stylesheets as text for a <style> element, made once: null for one that says `</style` (it is linked). */
const inlineTexts = new WeakMap<WebBundle, Map<string, string | null>>();
function inlineText(bundle: WebBundle, css: string): string | null {
  let texts = inlineTexts.get(bundle);
  if (!texts) inlineTexts.set(bundle, (texts = new Map()));
  if (!texts.has(css)) {
    const text = bundle.files.get(css)?.body.toString('utf8') ?? null;
    texts.set(css, text !== null && !/<\/style/i.test(text) ? text : null);
  }
  return texts.get(css)!;
}
