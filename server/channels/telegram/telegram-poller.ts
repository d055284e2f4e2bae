import type { Bot } from 'grammy';
import { grammySignal, retryDelay, sleepUnlessAborted } from '../retry-backoff.js';

/**
 * Long-polls the Bot API (outbound only: no port is opened) and hands each update to the bot's handlers.
 * getMe first, then getUpdates in a loop; any failure is reported and retried with back-off until stop().
 */
export class TelegramPoller {
  private stopped = false;
  private readonly abort = new AbortController();
  private offset = 0;
  private loopDone: Promise<void> = Promise.resolve();

  constructor(
    private readonly bot: Bot,
    private readonly pollSeconds: number,
    private readonly report: { ok: (bot: string) => void; fail: (err: unknown) => void; updateFailed: (err: unknown) => void },
  ) {}

  start(): void {
    this.loopDone = this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await this.loopDone;
  }

  private async loop(): Promise<void> {
    const signal = grammySignal(this.abort.signal);
    let attempt = 0;
    while (!this.stopped) {
      try {
        // getMe at the start and after each failure: it answers at once, so health shows the recovery
        // without waiting for a long poll to come back.
        if (!this.bot.isInited() || attempt > 0) {
          this.bot.botInfo = await this.bot.api.getMe(signal);
          attempt = 0;
          this.report.ok(this.bot.botInfo.username);
        }
        const updates = await this.bot.api.getUpdates({ offset: this.offset, timeout: this.pollSeconds, allowed_updates: ['message', 'callback_query'] }, signal);
        for (const update of updates) {
          this.offset = update.update_id + 1;
          await this.bot.handleUpdate(update).catch(this.report.updateFailed);
        }
      } catch (err) {
        if (this.stopped) break;
        this.report.fail(err);
        await sleepUnlessAborted(retryDelay(attempt++), this.abort.signal);
      }
    }
  }
}
