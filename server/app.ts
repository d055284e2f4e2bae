// The root above the features: the hub's plugin list (what the hub hosts, in registration order) and the hub
// started with it. The hub (server/hub/) imports no feature; each feature imports the hub's context.
import type { HubConfig } from './config/hub-config.js';
import type { Logger } from './logging/logger.js';
import type { HubContext, HubFeatures, HubPlugin } from './hub/context.js';
import { runHubWith, type RunningHub } from './hub/run-hub.js';
import { healthRoute } from './hub/routes/health-route.js';
import { sessionsRoutes } from './hub/routes/sessions-routes.js';
import { sessionWaitsRoute } from './hub/routes/session-waits-route.js';
import { interactionsRoutes } from './hub/routes/interactions-routes.js';
import { historyRoutes } from './hub/routes/history-routes.js';
import { settingsRoutes } from './hub/routes/settings-routes.js';
import { wsRoute } from './hub/routes/ws-route.js';
import { orchestratorPlugin } from './orchestrator/face/hub-plugin.js';
import { webPortalPlugin } from './web-portal/portal-plugin.js';
import { warmFirstPage } from './web-portal/warm-first-page.js';
import { resolverPlugin } from './resolver/resolver-plugin.js';
import { channelsPlugin } from './channels/channels-plugin.js';
import { hooksRoute } from './agents/hooks-route.js';
import { permissionHistoryRoute } from './agents/permission-history-route.js';
import { refuseGateLinkOnly } from './web-portal/gate-link-refusal.js';
import { agentKeysRoutes } from './pairing/agent-keys-routes.js';

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
  permissionHistoryRoute,
  agentKeysRoutes,
  webPortalPlugin,
];

/** Work a just-started hub does once it listens and has written hub.json, so that the first request does not pay for it. */
export const hubWarmUps: Array<(ctx: HubContext) => Promise<void>> = [warmFirstPage];

const hubFeatures: HubFeatures = { plugins: hubPlugins, warmUps: hubWarmUps, refuseGateLinkOnly };

/**
 * Starts the hub with every feature: takes the data directory's hub lock (one hub per data dir), listens on
 * 127.0.0.1 (the asked port, or a free one when it is taken), records itself in hub.json and exits when idle.
 */
export function runHub(config: HubConfig, log: Logger, env: NodeJS.ProcessEnv = process.env): Promise<RunningHub> {
  return runHubWith(hubFeatures, config, log, env);
}
