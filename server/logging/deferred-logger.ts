import type { Logger } from './logger.js';

/**
 * A logger that loads pino (logger.ts) on its first line instead of at start: an idle `gatehouse mcp` (one per agent)
 * may never log. Lines keep their order; each method call is queued until the real logger exists.
 */
export function deferredLogger(create: () => Promise<Logger>): Logger {
  let real: Logger | null = null;
  let ready: Promise<Logger> | null = null;
  return new Proxy({} as Logger, {
    get(_target, key) {
      if (real) return Reflect.get(real, key);
      return (...args: unknown[]) => {
        ready ??= create().then((logger) => (real = logger));
        void ready.then((logger) => (logger as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>)[key](...args)).catch(() => undefined);
      };
    },
  });
}
