// The worker's fetch side: the content-hashed bundle kept in a cache of its own (a gate link opened on a machine that
// has seen the portal paints from it), and a page saying the hub is not running instead of the browser's error when a
// navigation gets no answer. Pages themselves are never cached: they carry the gate's state and the credential's view.
import { worker, type FetchEvent } from './sw-scope.js';

const PREFIX = 'gatehouse-bundle-';
const cacheName = () => `${PREFIX}${worker.GATEHOUSE_SW.version}`;

/** At install: the files a gate page loads first (from the HTTP cache where the page already has them). */
export async function precacheBundle(): Promise<void> {
  const cache = await caches.open(cacheName());
  await Promise.all(worker.GATEHOUSE_SW.precache.map((url) => cache.add(url).catch(() => undefined)));
}

/** At activation: the caches of older bundle versions go. */
export async function dropOldBundles(): Promise<void> {
  for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== cacheName()) await caches.delete(name);
}

export function onFetch(event: FetchEvent): void {
  const url = new URL(event.request.url);
  if (url.origin !== worker.location.origin || event.request.method !== 'GET') return;
  if (event.request.mode === 'navigate') event.respondWith(navigation(event));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(bundleFile(event.request));
}

async function navigation(event: FetchEvent): Promise<Response> {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request));
  } catch {
    return hubNotRunning();
  }
}

/** A versioned asset never changes: from the cache when there, else fetched and kept. */
async function bundleFile(request: Request): Promise<Response> {
  const cache = await caches.open(cacheName());
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone()).catch(() => undefined);
  return response;
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The shell shown while the hub is down: says so, and tries again every few seconds (the page comes back by itself). */
export function hubNotRunning(): Response {
  const { lang, title, text } = worker.GATEHOUSE_SW.offline;
  const html = `<!doctype html><html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><meta http-equiv="refresh" content="5"><title>${esc(title)} · gatehouse</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem}code{background:#8882;padding:.1rem .3rem;border-radius:4px}</style></head><body><h1 data-testid="hub-not-running">${esc(title)}</h1><p>${text
    .split('`')
    .map((part, i) => (i % 2 ? `<code>${esc(part)}</code>` : esc(part)))
    .join('')}</p></body></html>`;
  return new Response(html, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}
