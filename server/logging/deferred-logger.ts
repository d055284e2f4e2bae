import type { Logger } from './logger.js';

/**
 * A logger that loads pino (logger.ts) on its first line instead of at start: an idle `gatehouse mcp` (one per agent)
 * may never log. Lines keep their order; each method call is queued until the real logger exists. pino loads on a
 * later turn of the event loop, not in the line's own: a tool that logs and then answers (provide_choice's "choice
 * started") sends its answer before the ~120 KB of pino are compiled.
 */
export function deferredLogger(create: () => Promise<Logger>): Logger {
  let real: Logger | null = null;
  let ready: Promise<Logger> | null = null;
  return new Proxy({} as Logger, {
    get(_target, key) {
      if (real) return Reflect.get(real, key);
      return (...args: unknown[]) => {
        ready ??= new Promise<void>((resolve) => setImmediate(resolve)).then(create).then((logger) => (real = logger));
        void ready.then((logger) => (logger as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>)[key](...args)).catch(() => undefined);
      };
    },
  });
}
