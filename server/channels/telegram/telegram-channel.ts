import type { FastifyBaseLogger } from 'fastify';
import { Api, Bot } from 'grammy';
import type { ChoiceSessions } from '../../sessions/choice-sessions.js';
import type { ChannelStatusBoard } from '../../hub/channel-status.js';
import { installAnswerHandlers } from './telegram-answers.js';
import { TELEGRAM_CHANNEL, type TelegramConfig } from './telegram-config.js';
import { describeTelegramError } from './telegram-errors.js';
import { TelegramOutbox } from './telegram-outbox.js';
import { TelegramPoller } from './telegram-poller.js';
import { shouldSendGate } from './send-policy.js';
import type { SentMessages } from './sent-messages.js';
import type { StoredSession } from '../../sessions/stored-session.js';

/** getUpdates holds this long when nothing happens (Telegram's usual long-poll). */
const POLL_SECONDS = 25;
/** Any other Bot API call gives up after this long, so a slow API only delays the channel itself. */
const CALL_TIMEOUT_SECONDS = 10;
/** How often the send policy is looked at again (for `no-portal` and `older-than`). */
const POLICY_CHECK_MS = 1000;

export interface ChannelDeps {
  sessions: ChoiceSessions;
  messages: SentMessages;
  status: ChannelStatusBoard;
  log: FastifyBaseLogger;
  liveClients: () => number;
  gateUrl: (sessionId: string) => string;
  /** Whether the person's routing (policy.yaml `routing:`) sends this pending gate to Telegram now. */
  routed: (session: StoredSession) => boolean;
}

/** The Telegram channel for one configuration: the poller (taps and replies in) and the outbox (messages out). */
export class TelegramChannel {
  private readonly poller: TelegramPoller;
  private readonly outbox: TelegramOutbox;
  private readonly policyTimer: NodeJS.Timeout;
  private readonly onSessionChange = () => this.outbox.kick();
  private pollError: string | null = null;
  private sendError: string | null = null;
  private botName: string | null = null;

  constructor(
    private readonly config: TelegramConfig,
    private readonly deps: ChannelDeps,
  ) {
    const bot = new Bot(config.token, { client: { apiRoot: config.apiRoot, timeoutSeconds: POLL_SECONDS + CALL_TIMEOUT_SECONDS } });
    const sender = new Api(config.token, { apiRoot: config.apiRoot, timeoutSeconds: CALL_TIMEOUT_SECONDS });
    installAnswerHandlers(bot, {
      config,
      sessions: deps.sessions,
      messages: deps.messages,
      onRefused: (who) => deps.log.warn(who, 'telegram: refused an update from a chat or user that is not configured; nothing changed'),
      onStale: () => this.outbox.kick(),
    });
    this.poller = new TelegramPoller(bot, POLL_SECONDS, {
      ok: (name) => {
        this.botName = name;
        this.pollError = null;
        this.refreshStatus();
      },
      fail: (err) => this.failed('poll', err),
      updateFailed: (err) => deps.log.error({ reason: this.describe(err) }, 'telegram: handling an update failed'),
    });
    this.outbox = new TelegramOutbox({
      api: sender,
      chatId: config.chatId,
      sessions: deps.sessions,
      messages: deps.messages,
      shouldSend: (session) => deps.routed(session) && shouldSendGate(session, config, { liveClients: deps.liveClients(), now: Date.now() }),
      gateUrl: deps.gateUrl,
      onOk: () => {
        this.sendError = null;
        this.refreshStatus();
      },
      onFail: (err, permanent) => (permanent ? deps.log.error({ reason: this.describe(err) }, 'telegram: the Bot API refused a gate message; that gate is not sent') : this.failed('send', err)),
    });
    this.policyTimer = setInterval(() => this.outbox.kick(), POLICY_CHECK_MS);
    this.policyTimer.unref();
  }

  start(): void {
    this.deps.status.set(TELEGRAM_CHANNEL, 'connecting', `Bot API at ${new URL(this.config.apiRoot).host}`);
    this.deps.sessions.on('changed', this.onSessionChange);
    this.poller.start();
    this.outbox.kick();
  }

  /** Stops polling and sending; does not wait on the Bot API beyond aborting what is in flight. */
  async stop(): Promise<void> {
    this.deps.sessions.off('changed', this.onSessionChange);
    clearInterval(this.policyTimer);
    this.outbox.stop();
    await this.poller.stop();
  }

  private failed(what: 'poll' | 'send', err: unknown): void {
    const reason = this.describe(err);
    if (what === 'poll') this.pollError = reason;
    else this.sendError = reason;
    this.deps.status.fail(TELEGRAM_CHANNEL, `${what === 'poll' ? 'receiving' : 'sending'} fails, retrying: ${reason}`);
    this.deps.log.warn({ reason }, `telegram: Bot API ${what === 'poll' ? 'poll' : 'send'} failed; retrying with back-off`);
  }

  private refreshStatus(): void {
    if (this.pollError || this.sendError) return;
    this.deps.status.set(TELEGRAM_CHANNEL, 'ok', `@${this.botName ?? '?'} → chat ${this.config.chatId}`);
  }

  private describe(err: unknown): string {
    return describeTelegramError(err, this.config.token);
  }
}
