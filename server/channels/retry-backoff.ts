/** Delay before retry `attempt` (0-based) of a call to an outside service: 250 ms doubling to 30 s, ±20 % jitter. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 250 * 2 ** Math.max(0, Math.min(attempt, 16)));
  return Math.round(base * (0.8 + random() * 0.4));
}

/** Error text safe for the log: the secret (e.g. a bot token inside a request URL) replaced by `***`. */
export function redact(message: string, secret: string | null | undefined): string {
  return secret ? message.split(secret).join('***') : message;
}

/** grammY's Node build types its abort signals with the `abort-controller` package; Node's own work the same. */
export function grammySignal(signal: AbortSignal): never {
  return signal as never;
}

/** Waits `ms`, or less when `signal` aborts (then resolves at once; never rejects). */
export function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
