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
import { AgentKeys } from '../pairing/agent-keys.js';
import { hubTls } from '../pairing/hub-tls.js';
import { guardAgentWaits, type AgentKeyGuard } from './agent-key-guard.js';

export interface Hub {
  app: FastifyInstance;
  ctx: HubContext;
  /** Set once the server listens. */
  setBaseUrl(url: string): void;
}

/** Builds the hub: store, sessions, settings, security guard and every plugin of `features`. Does not listen. */
export async function createHub(features: HubFeatures, config: HubConfig, log: Logger, env: NodeJS.ProcessEnv = process.env): Promise<Hub> {
  const tls = await hubTls(config);
  const token = await ensureCredential(config.paths.credential, (fields, message) => log.warn(fields, message));
  const agentKeys = await AgentKeys.open(config.paths.agentKeys);
  const store = await Store.open(config.paths, { retentionDays: config.retentionDays, maxHistory: config.maxHistory }, log);
  const sessions = new ChoiceSessions(store);
  await sessions.restore();
  const settings = new SettingsService(store, languageFromEnv(env, (m) => log.warn(m)));
  let baseUrl = '';
  let policy: Promise<PolicyEngine> | null = null;

  const app = Fastify({ ...(tls ? { https: { key: tls.key, cert: tls.cert } } : {}), loggerInstance: log as FastifyBaseLogger, logController: new LogController({ disableRequestLogging: true }), forceCloseConnections: true, bodyLimit: MAX_DRAINED_BYTES, onConstructorPoisoning: 'ignore', schemaController: { compilersFactory: lazySchemaCompilers as never } });
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  const extraHosts = config.host === '127.0.0.1' || config.host === 'localhost' ? [] : [config.host];
  const keyGuard: AgentKeyGuard = {
    check: (key, from) => agentKeys.check(key, from),
    ownerOf: (id) => (sessions.has(id) ? (sessions.get(id).source?.machine_key ?? null) : undefined),
  };
  app.addHook('onRequest', createRequestGuard({ token, extraHosts, language: () => settings.get().effective_language, refuseGateLinkOnly: features.refuseGateLinkOnly, agentKeys: keyGuard }));
  app.addHook('preHandler', guardAgentWaits(keyGuard));
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
    agentKeys,
    tlsFingerprint: tls?.fingerprint ?? null,
  };
  for (const plugin of features.plugins) await plugin(app, ctx);
  app.addHook('onClose', async () => {
    await agentKeys.flush().catch((err) => log.warn({ err }, 'the agent keys\' last uses could not be saved'));
    await sessions.close();
  });
  return { app, ctx, setBaseUrl: (url) => (baseUrl = url) };
}
