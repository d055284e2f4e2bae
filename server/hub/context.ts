import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../shared/settings.js';
import type { HubConfig } from '../config/hub-config.js';
import type { Store } from '../store/store.js';
import type { ChoiceSessions } from '../sessions/choice-sessions.js';
import type { SettingsService } from '../settings/settings-service.js';
import type { HubEvents } from './hub-events.js';
import type { InteractionRegistry } from './interaction-registry.js';
import type { ActivityTracker } from './activity-tracker.js';
import type { ChannelStatusBoard } from './channel-status.js';
import type { PolicyEngine } from '../policy/index.js';
import type { AgentKeys } from '../pairing/agent-keys.js';

/** Everything a hub concern needs, handed to each plugin listed in server/app.ts. */
export interface HubContext {
  config: HubConfig;
  log: FastifyBaseLogger;
  /** The hub's credential (also in <data dir>/credential). */
  token: string;
  /** Base URL the hub answers on, e.g. http://127.0.0.1:47823 (set once listening). */
  baseUrl: () => string;
  store: Store;
  sessions: ChoiceSessions;
  settings: SettingsService;
  /** Broadcast to every WebSocket client; subscribe to client messages by type prefix. */
  events: HubEvents;
  /** Sources of rows for the portal's interaction list (choice sessions, resolve tasks, orchestrated tasks). */
  interactions: InteractionRegistry;
  /** Keeps the hub from idling out while something (a task, a client) is running. */
  activity: ActivityTracker;
  /** How the channels to the outside (Telegram, the notify webhook) are doing: /api/health and the portal's first state. */
  channels: ChannelStatusBoard;
  /**
   * The permission policy (server/policy/): one engine per hub, made on first use (it loads the bash parser) and
   * warmed up once the hub listens. Every permission request asks it before a person.
   */
  policy: () => Promise<PolicyEngine>;
  /** The agent keys of paired machines (server/pairing/): checked by the guard, made and revoked by the person. */
  agentKeys: AgentKeys;
  /** The SHA-256 fingerprint of the certificate the hub serves (hex), or null when it serves plain HTTP on loopback. */
  tlsFingerprint: string | null;
}

/** A hub concern: registers its routes and listeners. Listed explicitly in server/app.ts. */
export type HubPlugin = (app: FastifyInstance, ctx: HubContext) => Promise<void> | void;

/**
 * What the hub hosts, handed to it from above (server/app.ts): the hub imports no feature. `plugins` in
 * registration order; `warmUps` run once it listens and has written hub.json; `refuseGateLinkOnly` answers a
 * request holding gate links only that asked for something outside them (the portal renders its page).
 */
export interface HubFeatures {
  plugins: HubPlugin[];
  warmUps: Array<(ctx: HubContext) => Promise<void>>;
  refuseGateLinkOnly: GateLinkRefusal;
}

export type GateLinkRefusal = (request: FastifyRequest, reply: FastifyReply, language: Language) => Promise<FastifyReply>;
