/** Process-group hygiene for programs run in a pseudo-terminal (the child leads its own session and group). */
import { isAlive } from '../platform/process-alive.js';

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // group already gone
  }
}

/** True while any process of the group exists. */
export function groupAlive(pgid: number): boolean {
  return isAlive(-pgid);
}

/**
 * Ends every process of the group: SIGHUP + SIGTERM, then SIGKILL after `graceMs` for whatever remains
 * (a child that ignores SIGHUP/SIGTERM still dies). Resolves once the group is empty or KILL was sent.
 */
export async function killProcessGroup(pgid: number, graceMs = 500): Promise<void> {
  if (!groupAlive(pgid)) return;
  signalGroup(pgid, 'SIGHUP');
  signalGroup(pgid, 'SIGTERM');
  const until = Date.now() + graceMs;
  while (Date.now() < until) {
    if (!groupAlive(pgid)) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  signalGroup(pgid, 'SIGKILL');
  const hardUntil = Date.now() + 2000;
  while (groupAlive(pgid) && Date.now() < hardUntil) await new Promise((r) => setTimeout(r, 5));
}
