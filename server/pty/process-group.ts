/** Process-group hygiene for programs run in a pseudo-terminal (the child leads its own session and group). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isAlive } from '../platform/process-alive.js';
import { snapshotProcess } from './proc-wait-state.js';

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

/** Pids of live processes (this user's: others' environments cannot be read) whose environment holds `name=value`. */
export function processesMarked(name: string, value: string): number[] {
  const needle = Buffer.from(`${name}=${value}\0`);
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${entry}/environ`);
    } catch {
      continue;
    }
    const at = environ.indexOf(needle);
    if (at === 0 || (at > 0 && environ[at - 1] === 0)) found.push(Number(entry));
  }
  return found;
}

/**
 * Ends every process whose environment holds `name=value` (TERM, then KILL after `graceMs`). A child that left its
 * program's process group — a daemon started with setsid — escapes killProcessGroup but still carries the marker
 * its program was started with (what Jenkins' process-tree killer relies on too); one that clears its environment
 * escapes this as well. Linux /proc; elsewhere nothing is found.
 */
export async function killMarkedProcesses(name: string, value: string, graceMs = 500): Promise<void> {
  let pids = existsSync('/proc') ? processesMarked(name, value) : [];
  const signal = (pid: number, sig: NodeJS.Signals) => {
    try {
      process.kill(pid, sig);
    } catch {
      // already gone
    }
  };
  for (const pid of pids) signal(pid, 'SIGTERM');
  const until = Date.now() + graceMs;
  while (pids.length && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 10));
    // A zombie is gone too: it only waits for its new parent to reap it.
    pids = pids.filter((pid) => isAlive(pid) && snapshotProcess(pid)?.state !== 'Z');
  }
  for (const pid of pids) signal(pid, 'SIGKILL');
}
