import { systemClock, type Clock } from './clock.js';

/** One timer per pending session, fired at its deadline; re-armed when the deadline moves. */
export class DeadlineTimers {
  private readonly timers = new Map<string, unknown>();

  constructor(
    private readonly onExpire: (id: string) => void,
    private readonly clock: Clock = systemClock,
  ) {}

  arm(id: string, deadlineMs: number): void {
    this.disarm(id);
    const fire = () => {
      // A timer may fire a little early, and long delays are capped: re-arm until the deadline is reached.
      const left = deadlineMs - this.clock.now();
      if (left > 0) this.timers.set(id, this.clock.schedule(fire, left));
      else {
        this.timers.delete(id);
        this.onExpire(id);
      }
    };
    this.timers.set(id, this.clock.schedule(fire, deadlineMs - this.clock.now()));
  }

  disarm(id: string): void {
    if (this.timers.has(id)) this.clock.clear(this.timers.get(id));
    this.timers.delete(id);
  }

  clear(): void {
    for (const timer of this.timers.values()) this.clock.clear(timer);
    this.timers.clear();
  }
}
