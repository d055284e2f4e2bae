/**
 * The hub's deadline for one session, corrected for clock skew from the session views the hub sends
 * (`remaining_ms` as the hub counted it); the hub stays authoritative — a moved deadline arrives as a
 * `session` message for the followed session and re-calibrates the clock.
 */
export class DeadlineClock {
  private offsetMs = 0;
  constructor(private deadlineMs: number) {}

  setDeadline(deadlineMs: number): void {
    this.deadlineMs = deadlineMs;
  }

  /** Aligns the clock with a session view made just now (`remaining_ms` as the hub counted it). */
  calibrate(deadlineMs: number, remainingMs: number, now = Date.now()): void {
    this.deadlineMs = deadlineMs;
    this.offsetMs = deadlineMs - remainingMs - now;
  }

  remainingMs(now = Date.now()): number {
    return Math.max(0, this.deadlineMs - (now + this.offsetMs));
  }
}

/** 14:03:27 in local time. */
export function formatClock(date: Date): string {
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}
