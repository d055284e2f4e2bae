// The wait for a permission gate's answer, cut short when nobody waits for it any more (a task's hooks all left).
import type { PermissionDeps } from './permission-gate.js';

/**
 * Waits for the gate to end; if `withdraw` aborts first, the gate says its agent is gone (it stays answerable, and
 * listed) and the reason is returned.
 */
export async function waitOrWithdrawn(deps: Pick<PermissionDeps, 'sessions' | 'warn'>, id: string, ms: number, withdraw?: AbortSignal): Promise<string | null> {
  if (!withdraw) {
    await deps.sessions.wait(id, ms);
    return null;
  }
  const reason = () => (withdraw.reason instanceof Error ? withdraw.reason.message : String(withdraw.reason ?? 'the hook stopped waiting'));
  if (withdraw.aborted) return reason();
  let onAbort = () => {};
  const aborted = new Promise<'withdrawn'>((resolve) => {
    onAbort = () => resolve('withdrawn');
    withdraw.addEventListener('abort', onAbort, { once: true });
  });
  const ended = await Promise.race([deps.sessions.wait(id, ms).then(() => 'ended' as const), aborted]);
  withdraw.removeEventListener('abort', onAbort);
  if (ended === 'ended' || deps.sessions.get(id).status !== 'pending') return null;
  const asker = `withdrawn:${id}`;
  try {
    await deps.sessions.askedBy(id, asker);
    await deps.sessions.askerGone(asker);
  } catch (err) {
    deps.warn?.({ err, session: id }, 'could not mark the permission gate as left by its agent');
  }
  return reason();
}
