import type { Clock } from '../../server/sessions/clock.js';

/** A clock tests drive by hand: time moves only when `advance` is called, and due timers fire in order. */
export class ManualClock implements Clock {
  private current: number;
  private nextHandle = 1;
  private readonly due = new Map<number, { at: number; fn: () => void }>();

  constructor(start = Date.parse('2026-01-01T00:00:00Z')) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  schedule(fn: () => void, ms: number): unknown {
    const handle = this.nextHandle++;
    this.due.set(handle, { at: this.current + Math.max(0, ms), fn });
    return handle;
  }

  clear(handle: unknown): void {
    this.due.delete(handle as number);
  }

  /** Number of timers waiting to fire. */
  get pending(): number {
    return this.due.size;
  }

  /** Moves time forward by `ms`, firing every timer that falls due (in deadline order), then lets promises settle. */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    for (;;) {
      const next = [...this.due.entries()].filter(([, t]) => t.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      this.due.delete(next[0]);
      this.current = Math.max(this.current, next[1].at);
      next[1].fn();
      await settle();
    }
    this.current = target;
    await settle();
  }
}

/** Lets pending promise callbacks and file writes started by fired timers run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}
