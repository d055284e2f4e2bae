import type { FastifyBaseLogger } from 'fastify';
import type { StoredSession } from '../../sessions/stored-session.js';
import type { ChannelStatusBoard } from '../../hub/channel-status.js';
import { gateSummary } from '../gate-summary.js';

const POST_TIMEOUT_MS = 5000;
export const NOTIFY_CHANNEL = 'notify';

/**
 * GATEHOUSE_NOTIFY_URL: a small JSON POST per new gate ({event, id, title, source, url}), for people who route
 * it elsewhere (ntfy, Slack). Fire and forget: a failure is logged and shown in /api/health, never fatal, and
 * nothing waits for it. The URL itself is never logged (it may hold a secret of its own), only its origin.
 */
export class NotifyWebhook {
  private readonly origin: string;

  constructor(
    private readonly url: string,
    /** The gate's link (a capability for that gate only). */
    private readonly gateLink: (sessionId: string) => string,
    private readonly status: ChannelStatusBoard,
    private readonly log: FastifyBaseLogger,
  ) {
    this.origin = new URL(url).origin;
    status.set(NOTIFY_CHANNEL, 'ok', `posts new gates to ${this.origin}`);
  }

  /** Starts the POST and returns at once. */
  gateCreated(session: StoredSession): void {
    void this.post(session);
  }

  private async post(session: StoredSession): Promise<void> {
    const body = JSON.stringify({ event: 'gate.created', ...gateSummary(session, this.gateLink(session.id)) });
    try {
      const response = await fetch(this.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(POST_TIMEOUT_MS) });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      this.status.set(NOTIFY_CHANNEL, 'ok', `posts new gates to ${this.origin}`);
    } catch (err) {
      const reason = describeFetchError(err);
      this.status.fail(NOTIFY_CHANNEL, `POST to ${this.origin} failed: ${reason}`);
      this.log.warn({ session: session.id, origin: this.origin, reason }, 'notify webhook: POST failed (the gate is unaffected)');
    }
  }
}

function describeFetchError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  if (err.name === 'TimeoutError') return `no answer within ${POST_TIMEOUT_MS} ms`;
  const cause = (err as Error & { cause?: { code?: string } }).cause;
  return cause?.code ?? err.message;
}
