import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { HubConfig } from '../config/hub-config.js';
import type { Logger } from '../logging/logger.js';
import { Store } from '../store/store.js';
import { ChoiceSessions } from '../sessions/choice-sessions.js';
import { SettingsService } from '../settings/settings-service.js';
import { languageFromEnv } from '../settings/language.js';
import { ensureCredential } from '../discovery/credential.js';
import { ActivityTracker } from './activity-tracker.js';
import { HubEvents } from './hub-events.js';
import { InteractionRegistry } from './interaction-registry.js';
import { createRequestGuard } from './request-guard.js';
import { createErrorHandler } from './http-errors.js';
import { answerOversizedBodies, MAX_DRAINED_BYTES } from './body-limit.js';
import { compressResponses } from './compress-responses.js';
import { lazySchemaCompilers } from './lazy-schema-compilers.js';
import type { HubContext, HubFeatures } from './context.js';
import { ChannelStatusBoard } from './channel-status.js';
import { createPolicyEngine, type PolicyEngine } from '../policy/engine.js';

export interface Hub {
  app: FastifyInstance;
  ctx: HubContext;
  /** Set once the server listens. */
  setBaseUrl(url: string): void;
}

/** Builds the hub: store, sessions, settings, security guard and every plugin of `features`. Does not listen. */
export async function createHub(features: HubFeatures, config: HubConfig, log: Logger, env: NodeJS.ProcessEnv = process.env): Promise<Hub> {
  const token = await ensureCredential(config.paths.credential, (fields, message) => log.warn(fields, message));
  const store = await Store.open(config.paths, { retentionDays: config.retentionDays, maxHistory: config.maxHistory }, log);
  const sessions = new ChoiceSessions(store);
  await sessions.restore();
  const settings = new SettingsService(store, languageFromEnv(env, (m) => log.warn(m)));
  let baseUrl = '';
  let policy: Promise<PolicyEngine> | null = null;

  const app = Fastify({ loggerInstance: log as FastifyBaseLogger, logController: new LogController({ disableRequestLogging: true }), forceCloseConnections: true, bodyLimit: MAX_DRAINED_BYTES, onConstructorPoisoning: 'ignore', schemaController: { compilersFactory: lazySchemaCompilers as never } });
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  const extraHosts = config.host === '127.0.0.1' || config.host === 'localhost' ? [] : [config.host];
  app.addHook('onRequest', createRequestGuard({ token, extraHosts, language: () => settings.get().effective_language, refuseGateLinkOnly: features.refuseGateLinkOnly }));
  answerOversizedBodies(app);
  compressResponses(app);
  app.setErrorHandler(createErrorHandler(sessions));

  const ctx: HubContext = {
    config,
    log,
    token,
    baseUrl: () => baseUrl,
    store,
    sessions,
    settings,
    events: new HubEvents(),
    interactions: new InteractionRegistry(),
    activity: new ActivityTracker(),
    channels: new ChannelStatusBoard(),
    policy: () => (policy ??= createPolicyEngine({ env })),
  };
  for (const plugin of features.plugins) await plugin(app, ctx);
  app.addHook('onClose', async () => sessions.close());
  return { app, ctx, setBaseUrl: (url) => (baseUrl = url) };
}
