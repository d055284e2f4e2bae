/** One timer per pending session, fired at its deadline; re-armed when the deadline moves. */
export class DeadlineTimers {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly onExpire: (id: string) => void) {}

  arm(id: string, deadlineMs: number): void {
    this.disarm(id);
    const fire = () => {
      const left = deadlineMs - Date.now();
      // setTimeout may fire a little early; and delays are capped at ~24.8 days.
      if (left > 0) this.timers.set(id, setTimeout(fire, Math.min(left, 2_000_000_000)));
      else {
        this.timers.delete(id);
        this.onExpire(id);
      }
    };
    this.timers.set(id, setTimeout(fire, Math.min(Math.max(0, deadlineMs - Date.now()), 2_000_000_000)));
  }

  disarm(id: string): void {
    const timer = this.timers.get(id);
    if (timer) clearTimeout(timer);
    this.timers.delete(id);
  }

  clear(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
