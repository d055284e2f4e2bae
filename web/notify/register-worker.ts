/**
 * Registers the portal's service worker (web/sw/, served at /sw.js, scope `/`) once the page has loaded, so it takes
 * nothing from the page's first load; and follows the worker's "open this gate" (sent to a portal page it does not
 * control yet, when a notification is clicked).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => setTimeout(() => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined));
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string; href?: unknown }>) => {
    const href = event.data?.type === 'open' ? event.data.href : null;
    if (typeof href === 'string' && href.startsWith('/') && !href.startsWith('//') && location.pathname !== href) location.href = href;
  });
}
