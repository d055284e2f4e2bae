/**
 * Estimates hub clock − page clock from ping/pong round trips (NTP-style, keeps the sample with the
 * smallest round trip, which bounds the error by half of it) and falls back to tick arrival times.
 */
export class ClockOffset {
  private bestRtt = Infinity;
  private offset = 0;
  private known = false;

  /** A pong: the page sent at `sentAt`, the hub answered `serverNow`, it arrived at `receivedAt`. */
  addRoundTrip(sentAt: number, serverNow: number, receivedAt: number): void {
    const rtt = Math.max(0, receivedAt - sentAt);
    if (rtt > this.bestRtt) return;
    this.bestRtt = rtt;
    this.offset = serverNow - (sentAt + rtt / 2);
    this.known = true;
  }

  /** A one-way message stamped `serverNow` arriving at `receivedAt`; used until a round trip is measured. */
  addOneWay(serverNow: number, receivedAt: number): void {
    if (this.bestRtt !== Infinity) return;
    const candidate = serverNow - receivedAt;
    // A late message makes serverNow − receivedAt smaller than the truth: keep the largest seen.
    if (!this.known || candidate > this.offset) this.offset = candidate;
    this.known = true;
  }

  /** Forget everything (after a reconnect the hub may be another process). */
  reset(): void {
    this.bestRtt = Infinity;
    this.offset = 0;
    this.known = false;
  }

  /** Hub time now, in epoch ms. */
  serverNow(pageNow: number): number {
    return pageNow + this.offset;
  }

  get value(): number {
    return this.offset;
  }
}

/** Milliseconds left until `deadline` (hub clock), never negative. */
export function remainingMs(deadline: number, clock: ClockOffset, pageNow: number): number {
  return Math.max(0, deadline - clock.serverNow(pageNow));
}

/** Shown as 1:24 by the one formatter the terminal UI uses too. */
export { formatRemaining } from '../../shared/choice/format-remaining.js';
