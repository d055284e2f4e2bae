import type { HubContext, HubPlugin } from './context.js';
import { healthRoute } from './routes/health-route.js';
import { sessionsRoutes } from './routes/sessions-routes.js';
import { sessionWaitsRoute } from './routes/session-waits-route.js';
import { interactionsRoutes } from './routes/interactions-routes.js';
import { historyRoutes } from './routes/history-routes.js';
import { settingsRoutes } from './routes/settings-routes.js';
import { wsRoute } from './routes/ws-route.js';
import { orchestratorPlugin } from '../orchestrator/face/hub-plugin.js';
import { webPortalPlugin } from '../web-portal/portal-plugin.js';
import { warmFirstPage } from '../web-portal/warm-first-page.js';
import { resolverPlugin } from '../resolver/resolver-plugin.js';
import { channelsPlugin } from '../channels/channels-plugin.js';
import { hooksRoute } from '../agents/hooks-route.js';

/** Every hub concern, in registration order. One line each. */
export const hubPlugins: HubPlugin[] = [
  healthRoute,
  sessionsRoutes,
  sessionWaitsRoute,
  interactionsRoutes,
  historyRoutes,
  settingsRoutes,
  wsRoute,
  orchestratorPlugin,
  resolverPlugin,
  channelsPlugin,
  hooksRoute,
  webPortalPlugin,
];

/** Work a just-started hub does once it listens and has written hub.json, so that the first request does not pay for it. */
export const hubWarmUps: Array<(ctx: HubContext) => Promise<void>> = [warmFirstPage];
