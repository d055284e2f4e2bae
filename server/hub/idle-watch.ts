/**
 * Calls `onIdle` once nothing has been pending, running or connected for `idleSeconds`.
 * `idleSeconds` 0 disables it. Returns a stop function.
 */
export function watchIdle(idleSeconds: number, isQuiet: () => boolean, lastActive: () => number, onIdle: () => void): () => void {
  if (idleSeconds <= 0) return () => undefined;
  let quietSince: number | null = null;
  const every = Math.max(250, Math.min(5000, (idleSeconds * 1000) / 4));
  const timer = setInterval(() => {
    if (!isQuiet()) {
      quietSince = null;
      return;
    }
    const since = Math.max(quietSince ?? Date.now(), lastActive());
    quietSince ??= since;
    if (Date.now() - since >= idleSeconds * 1000) {
      clearInterval(timer);
      onIdle();
    }
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}
