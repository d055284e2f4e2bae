/** The time source of the session timers: the wall clock in the hub, a hand-driven one in tests. */
export interface Clock {
  now(): number;
  /** Calls `fn` once after `ms`; returns a handle for `clear`. */
  schedule(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** setTimeout delays are capped at ~24.8 days; longer waits are re-armed by the caller. */
export const MAX_TIMER_MS = 2_000_000_000;

export const systemClock: Clock = {
  now: () => Date.now(),
  schedule: (fn, ms) => setTimeout(fn, Math.min(Math.max(0, ms), MAX_TIMER_MS)),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
