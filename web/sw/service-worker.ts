// The portal's service worker (scope `/`, served by the hub at /sw.js with its config in front,
// server/web-portal/service-worker-route.ts): the bundle's cache and the "hub not running" page (bundle-cache.ts), and
// the gates' notifications with their answer buttons (notices.ts, notification-click.ts). Pages tell it which gates
// are new or ended (web/notify/): it has no connection to the hub of its own.
import { dropOldBundles, onFetch, precacheBundle } from './bundle-cache.js';
import { onNotificationClick } from './notification-click.js';
import { closeEnded, showGate, type PageMessage } from './notices.js';
import { worker } from './sw-scope.js';

worker.addEventListener('install', (event) => event.waitUntil(precacheBundle().then(() => worker.skipWaiting())));
worker.addEventListener('activate', (event) =>
  event.waitUntil(Promise.all([dropOldBundles(), worker.registration.navigationPreload?.enable().catch(() => undefined)]).then(() => worker.clients.claim())),
);
worker.addEventListener('fetch', onFetch);
worker.addEventListener('notificationclick', onNotificationClick);
worker.addEventListener('message', (event) => {
  const message = event.data as PageMessage | null;
  if (message?.type === 'gate' && typeof message.id === 'string') event.waitUntil(showGate(message.id, message.strings));
  else if (message?.type === 'ended' && Array.isArray(message.ids)) event.waitUntil(closeEnded(message.ids));
});
