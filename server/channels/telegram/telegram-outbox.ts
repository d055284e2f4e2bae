import { GrammyError, type Api } from 'grammy';
import type { ChoiceSessions } from '../../sessions/choice-sessions.js';
import type { StoredSession } from '../../sessions/stored-session.js';
import { grammySignal, retryDelay } from '../retry-backoff.js';
import { renderGateMessage, type RenderedMessage } from './telegram-message.js';
import type { SentMessages } from './sent-messages.js';

export interface OutboxDeps {
  api: Api;
  chatId: string;
  sessions: ChoiceSessions;
  messages: SentMessages;
  shouldSend: (session: StoredSession) => boolean;
  gateUrl: (sessionId: string) => string;
  /** A pass went through (after failures: the Bot API is back). */
  onOk: () => void;
  /** A call failed with something worth retrying; `permanent` ones are given up for that gate only. */
  onFail: (err: unknown, permanent: boolean) => void;
}

/**
 * Keeps the chat in step with the gates: sends a message for each gate the policy selects, edits it when what it
 * should show changes (multi-select toggles, the gate's end: buttons removed). One pass at a time, in the
 * background; a failing Bot API is retried with back-off and never waited on by anyone else.
 */
export class TelegramOutbox {
  private running = false;
  private again = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly abort = new AbortController();
  /** Gates Telegram refused for good (e.g. a message it cannot parse): not retried until the hub restarts. */
  private readonly gaveUp = new Set<string>();
  /** What each sent gate looked like at the last pass, so unchanged ones are not rendered again. */
  private readonly seen = new Map<string, string>();

  constructor(private readonly deps: OutboxDeps) {}

  /** Something changed: make a pass soon (now, or right after the running one; not while backing off). */
  kick(): void {
    if (this.stopped || this.retryTimer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    void this.run();
  }

  stop(): void {
    this.stopped = true;
    this.abort.abort();
    if (this.retryTimer) clearTimeout(this.retryTimer);
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      do {
        this.again = false;
        await this.pass();
      } while (this.again && !this.stopped);
      if (this.attempt > 0) this.deps.onOk();
      this.attempt = 0;
    } catch (err) {
      if (this.stopped) return;
      this.deps.onFail(err, false);
      const wait = err instanceof GrammyError && err.error_code === 429 && err.parameters.retry_after ? err.parameters.retry_after * 1000 : retryDelay(this.attempt++);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        this.kick();
      }, wait);
      this.retryTimer.unref();
    } finally {
      this.running = false;
    }
  }

  private async pass(): Promise<void> {
    const { sessions, messages } = this.deps;
    for (const session of sessions.all()) {
      if (this.stopped) return;
      if (this.gaveUp.has(session.id)) continue;
      const sent = messages.get(session.id);
      if (!sent) {
        if (session.status === 'pending' && this.deps.shouldSend(session)) await this.guard(session, () => this.send(session));
        continue;
      }
      if (sent.final) continue;
      const key = changeKey(session);
      if (this.seen.get(session.id) === key) continue;
      const rendered = renderGateMessage(session, this.deps.gateUrl(session.id));
      if (shownAs(rendered) !== sent.shown) await this.guard(session, () => this.edit(session, rendered));
      this.seen.set(session.id, key);
    }
    for (const sent of messages.all()) if (!sessions.has(sent.sessionId)) messages.delete(sent.sessionId);
    for (const id of this.seen.keys()) if (messages.get(id)?.final !== false) this.seen.delete(id);
  }

  private async send(session: StoredSession): Promise<void> {
    const rendered = renderGateMessage(session, this.deps.gateUrl(session.id));
    const message = await this.deps.api.sendMessage(
      this.deps.chatId,
      rendered.html,
      { parse_mode: 'HTML', link_preview_options: { is_disabled: true }, reply_markup: { inline_keyboard: rendered.keyboard } },
      grammySignal(this.abort.signal),
    );
    this.deps.messages.set({ sessionId: session.id, chatId: this.deps.chatId, messageId: message.message_id, shown: shownAs(rendered), final: session.status !== 'pending' });
  }

  private async edit(session: StoredSession, rendered: RenderedMessage): Promise<void> {
    const sent = this.deps.messages.get(session.id)!;
    const final = session.status !== 'pending';
    try {
      await this.deps.api.editMessageText(
        sent.chatId,
        sent.messageId,
        rendered.html,
        { parse_mode: 'HTML', link_preview_options: { is_disabled: true }, reply_markup: { inline_keyboard: rendered.keyboard } },
        grammySignal(this.abort.signal),
      );
    } catch (err) {
      if (!(err instanceof GrammyError && /not modified/i.test(err.description))) throw err;
    }
    this.deps.messages.set({ ...sent, shown: shownAs(rendered), final });
  }

  /** Runs one call; a 400 (Telegram will never accept this message) gives up on that gate only. */
  private async guard(session: StoredSession, call: () => Promise<void>): Promise<void> {
    try {
      await call();
    } catch (err) {
      if (!(err instanceof GrammyError && err.error_code === 400)) throw err;
      this.gaveUp.add(session.id);
      this.deps.onFail(err, true);
    }
  }
}

/** Everything a gate's message depends on that can change while it is pending. */
function changeKey(session: StoredSession): string {
  return JSON.stringify([session.status, session.deadline_at, session.draft?.selected_ids ?? []]);
}

/** What a message shows, compared to decide whether it needs an edit. */
function shownAs(rendered: RenderedMessage): string {
  return JSON.stringify(rendered);
}
