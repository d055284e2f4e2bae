import { renderToString } from 'preact-render-to-string';
import type { PortalBoot } from '../../server/web-portal/boot-data.js';
import { initI18n } from '../config/i18n.js';
import { App } from '../layout/App.js';
import type { HubSocket } from '../live/hub-socket.js';
import { ClockOffset } from '../live/clock-offset.js';
import { AppContext } from '../state/app-context.js';
import { AppStore, stateFromBoot } from '../state/app-store.js';

/**
 * A choice page's first HTML, rendered by the hub (server/web-portal/choice-ssr.ts) from the page's boot data with
 * the bundle's own components, so the question is on screen and answerable (its form posts to the no-script route)
 * before the bundle has loaded and run; the bundle then takes it over (web/main.tsx hydrates it). Built by Vite as
 * a CommonJS file of its own (vite.ssr.config.ts → dist/web/ssr/), never sent to a browser.
 */
export function renderChoicePage(boot: PortalBoot): string {
  initI18n(boot.settings.effective_language, boot.catalog);
  const store = new AppStore(stateFromBoot(boot));
  // Only the clock is read while rendering (the countdown); the page's socket is its own.
  const clock = new ClockOffset();
  clock.addOneWay(boot.server_now, Date.now());
  const socket = { clock } as unknown as HubSocket;
  return renderToString(
    <AppContext.Provider value={{ store, socket, boot }}>
      <App />
    </AppContext.Provider>,
  );
}
