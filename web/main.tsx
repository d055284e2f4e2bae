import './styles/manifest.css';
import { render } from 'preact';
import type { PortalBoot } from '../server/web-portal/boot-data.js';
import { initI18n } from './config/i18n.js';
import { HubSocket } from './live/hub-socket.js';
import { App } from './layout/App.js';
import { watchNotificationsWhenAllowed } from './notify/watch-when-allowed.js';
import { AppContext } from './state/app-context.js';
import { AppStore } from './state/app-store.js';

/** Entry: the hub embeds the page's first state as JSON; render it, then go live over WebSocket. */
const boot = JSON.parse(document.getElementById('gatehouse-boot')?.textContent ?? '{}') as PortalBoot;
const store = new AppStore({
  settings: boot.settings,
  interactions: boot.interactions,
  activeTotal: boot.active_total,
  sessions: boot.session ? { [boot.session.id]: boot.session } : {},
  connection: 'connecting',
});
const socket = new HubSocket(store);
socket.clock.addOneWay(boot.server_now, Date.now());
// The socket follows the sessions in the store: on every (re)connect the hub sends each as it is now.
socket.connect();
watchNotificationsWhenAllowed(store, socket, boot.interactions);

initI18n(boot.settings.effective_language, boot.catalog);
const root = document.getElementById('app')!;
root.textContent = '';
render(
  <AppContext.Provider value={{ store, socket, boot }}>
    <App />
  </AppContext.Provider>,
  root,
);
