/**
 * The hub's deadline for one session, corrected for clock skew with the hub's `tick` messages
 * (`server_now`); the hub stays authoritative — a moved deadline arrives in the next tick.
 */
export class DeadlineClock {
  private offsetMs = 0;
  constructor(private deadlineMs: number) {}

  /** A `tick` from /ws: the hub's clock and, if still pending, this session's deadline. */
  onTick(serverNow: number, deadline: number | undefined): void {
    this.offsetMs = serverNow - Date.now();
    if (deadline !== undefined) this.deadlineMs = deadline;
  }

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

/** 4:05, 1:02:03 — the time left, rounded up to the second so 0:00 means over. */
export function formatRemaining(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** 14:03:27 in local time. */
export function formatClock(date: Date): string {
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}
