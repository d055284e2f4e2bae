import './styles/manifest.css';
import { hydrate, render } from 'preact';
import type { PortalBoot } from '../server/web-portal/boot-data.js';
import { initI18n } from './config/i18n.js';
import { HubSocket } from './live/hub-socket.js';
import { App } from './layout/App.js';
import { watchNotificationsWhenAllowed } from './notify/watch-when-allowed.js';
import { registerServiceWorker } from './notify/register-worker.js';
import { takeOverForm } from './ssr/take-over.js';
import { AppContext } from './state/app-context.js';
import { AppStore, stateFromBoot } from './state/app-store.js';

/**
 * Entry: the hub embeds the page's first state as JSON — and, on a choice page, the page itself rendered from that
 * state (web/ssr/), answerable before this bundle runs: it is taken over (hydrated) once it has been drawn, keeping
 * what the person has picked or typed meanwhile. The page goes live over WebSocket.
 */
const boot = JSON.parse(document.getElementById('gatehouse-boot')?.textContent ?? '{}') as PortalBoot;
const root = document.getElementById('app')!;
const rendered = root.firstElementChild !== null;
const store = new AppStore(stateFromBoot(boot));
const socket = new HubSocket(store);
socket.clock.addOneWay(boot.server_now, Date.now());
watchNotificationsWhenAllowed(store, socket, boot.interactions);
registerServiceWorker();

initI18n(boot.settings.effective_language, boot.catalog);
const app = (
  <AppContext.Provider value={{ store, socket, boot }}>
    <App />
  </AppContext.Provider>
);
// The socket follows the sessions in the store: on every (re)connect the hub sends each as it is now. It connects
// once the page is the bundle's, so that what it brings cannot make the first render differ from the hub's.
if (!rendered) {
  render(app, root);
  socket.connect();
} else {
  // After the first frame: the hub's page is shown as soon as its stylesheet is in, not once this bundle has run.
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (boot.session) takeOverForm(root, boot.session);
      hydrate(app, root);
      socket.connect();
    }),
  );
}
