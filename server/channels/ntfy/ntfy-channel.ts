import type { FastifyBaseLogger } from 'fastify';
import type { ChoiceSessions } from '../../sessions/choice-sessions.js';
import { SessionEndedError } from '../../sessions/session-errors.js';
import type { StoredSession } from '../../sessions/stored-session.js';
import type { ChannelStatusBoard } from '../../hub/channel-status.js';
import { alreadySettledText } from '../../sessions/gate-outcome.js';
import { retryDelay, sleepUnlessAborted } from '../retry-backoff.js';
import { NTFY_CHANNEL, type NtfyConfig } from './ntfy-config.js';
import { NtfyClient, NtfyError, type NtfyEvent } from './ntfy-client.js';
import { renderNtfyMessage } from './ntfy-message.js';
import type { ReplyCapabilities } from './reply-capability.js';

/** How often routing is looked at again (a gate that waits `phone_after` before it goes out). */
const ROUTING_CHECK_MS = 500;

export interface NtfyChannelDeps {
  sessions: ChoiceSessions;
  status: ChannelStatusBoard;
  log: FastifyBaseLogger;
  gateUrl: (id: string) => string;
  /** Whether the routing sends this pending gate to ntfy now. */
  due: (session: StoredSession) => boolean;
  capabilities: ReplyCapabilities;
}

/**
 * The ntfy channel for one configuration: publishes each gate the routing sends to ntfy with its answer buttons,
 * replaces the notification when the gate ends (anywhere), and subscribes to the reply topic, where a button's
 * signed reply answers the gate through the same sessions service as every interface (`interface: "ntfy"`).
 * A forged or replayed reply is refused and logged. Failures are retried with back-off, never waited on by anyone.
 */
export class NtfyChannel {
  private readonly client: NtfyClient;
  private readonly abort = new AbortController();
  /** Gates published, and whether their notification already shows the end. */
  private readonly published = new Map<string, { final: boolean }>();
  /** Gates ntfy refused for good (a 4xx): not retried until the settings change. */
  private readonly gaveUp = new Set<string>();
  private readonly routingTimer: NodeJS.Timeout;
  private readonly onChange = () => this.kick();
  private running = false;
  private again = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private subscribing: Promise<void> = Promise.resolve();
  private sendError: string | null = null;
  private receiveError: string | null = null;
  private listening = false;

  constructor(
    private readonly config: NtfyConfig,
    private readonly deps: NtfyChannelDeps,
  ) {
    this.client = new NtfyClient(config);
    this.routingTimer = setInterval(() => this.kick(), ROUTING_CHECK_MS);
    this.routingTimer.unref();
  }

  start(): void {
    this.deps.status.set(NTFY_CHANNEL, 'connecting', `${this.where()} (reply topic ${this.config.replyTopic})`);
    this.deps.sessions.on('changed', this.onChange);
    this.subscribing = this.subscribeLoop();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.deps.sessions.off('changed', this.onChange);
    clearInterval(this.routingTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.abort.abort();
    await this.subscribing;
  }

  /** Something changed: make a pass soon (now, or right after the running one; not while backing off). */
  kick(): void {
    if (this.stopped || this.retryTimer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    void this.run();
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      do {
        this.again = false;
        await this.pass();
      } while (this.again && !this.stopped);
      this.attempt = 0;
    } catch (err) {
      if (this.stopped) return;
      this.failed('send', err);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        this.kick();
      }, retryDelay(this.attempt++));
      this.retryTimer.unref();
    } finally {
      this.running = false;
    }
  }

  private async pass(): Promise<void> {
    const { sessions } = this.deps;
    for (const session of sessions.all()) {
      if (this.stopped) return;
      if (this.gaveUp.has(session.id)) continue;
      // Read again: an earlier publish in this pass may have waited while this gate changed.
      const now = sessions.has(session.id) ? sessions.get(session.id) : null;
      if (!now) continue;
      const sent = this.published.get(now.id);
      // Published once while pending, once more when it ends (anywhere); never again.
      if (sent ? sent.final || now.status === 'pending' : now.status !== 'pending' || !this.deps.due(now)) continue;
      await this.publish(now);
    }
    for (const id of this.published.keys()) if (!sessions.has(id)) this.published.delete(id);
  }

  /** Publishes the gate as it is now: with its buttons while pending, its end (same sequence id, no buttons) after. */
  private async publish(session: StoredSession): Promise<void> {
    const message = renderNtfyMessage(session, { config: this.config, reply: (gate, option) => this.deps.capabilities.reply(gate, option), gateUrl: this.deps.gateUrl });
    try {
      await this.client.publish(message, this.abort.signal);
    } catch (err) {
      if (!(err instanceof NtfyError && err.permanent)) throw err;
      this.gaveUp.add(session.id);
      this.failed('send', err);
      return;
    }
    this.published.set(session.id, { final: session.status !== 'pending' });
    if (this.sendError) {
      this.sendError = null;
      this.refreshStatus();
    }
  }

  private async subscribeLoop(): Promise<void> {
    // Replies posted from the moment the channel started count, even before the stream is open.
    let since = String(Math.floor(Date.now() / 1000));
    let attempt = 0;
    while (!this.stopped) {
      try {
        await this.client.subscribe(since, this.abort.signal, (event) => {
          if (event.event === 'open') {
            attempt = 0;
            this.listening = true;
            this.receiveError = null;
            this.refreshStatus();
          }
          if (event.event !== 'message') return;
          since = event.id;
          void this.reply(event).catch((err) => this.deps.log.error({ err }, 'ntfy: handling a reply failed'));
        });
        if (this.stopped) break;
        throw new NtfyError('the reply topic’s stream ended');
      } catch (err) {
        if (this.stopped) break;
        this.listening = false;
        this.failed('receive', err);
        await sleepUnlessAborted(retryDelay(attempt++), this.abort.signal);
      }
    }
  }

  /** A message on the reply topic: a button's answer, checked before anything changes. */
  private async reply(event: NtfyEvent): Promise<void> {
    const check = this.deps.capabilities.check(event.message ?? '');
    const { log, sessions } = this.deps;
    if (!check.ok) {
      const fields = { message: event.id, gate: check.answer?.gate, option: check.answer?.option };
      if (check.reason === 'not-an-answer') log.info(fields, 'ntfy: a message on the reply topic that is not an answer; ignored');
      else if (check.reason === 'forged') log.warn(fields, 'ntfy: refused a reply whose capability is not the hub’s (forged); nothing changed');
      else log.warn(fields, 'ntfy: refused a reply whose capability was already used (replayed); nothing changed');
      return;
    }
    const { gate, option } = check.answer;
    if (!sessions.has(gate)) return log.warn({ gate }, 'ntfy: a reply for a gate the hub does not know; nothing changed');
    const session = sessions.get(gate);
    const picked = session.request.options[option];
    if (!picked) return log.warn({ gate, option }, 'ntfy: a reply for an option the gate does not have; nothing changed');
    if (session.status !== 'pending') return this.late(session);
    try {
      await sessions.submit(gate, { selected_ids: [picked.id], interface: 'ntfy' });
      log.info({ gate, option: picked.id }, 'ntfy: answered from the phone');
    } catch (err) {
      if (err instanceof SessionEndedError) return this.late(err.session);
      throw err;
    }
  }

  /**
   * A late answer changes nothing; the tapper is told who answered where: the gate's end is published again (same
   * sequence id), which also mends a notification an older ntfy showed as a follow-up. Once per capability at most.
   */
  private late(session: StoredSession): void {
    this.deps.log.info({ gate: session.id, outcome: alreadySettledText(session) }, 'ntfy: a late answer; the gate was already settled');
    this.publish(session).catch((err) => this.failed('send', err));
  }

  private failed(what: 'send' | 'receive', err: unknown): void {
    const reason = err instanceof Error ? err.message : String(err);
    if (what === 'send') this.sendError = reason;
    else this.receiveError = reason;
    this.deps.status.fail(NTFY_CHANNEL, `${what === 'send' ? 'publishing' : 'receiving answers'} fails, retrying: ${reason}`);
    this.deps.log.warn({ reason }, `ntfy: ${what === 'send' ? 'publish' : 'reply-topic subscription'} failed; retrying with back-off`);
  }

  private refreshStatus(): void {
    if (this.sendError || this.receiveError || !this.listening) return;
    this.deps.status.set(NTFY_CHANNEL, 'ok', `${this.where()}; answers from ${this.config.replyTopic}`);
  }

  private where(): string {
    return `${new URL(this.config.serverUrl).host}/${this.config.topic}`;
  }
}
