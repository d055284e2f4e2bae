import { readFileSync, readlinkSync } from 'node:fs';

/** Syscall numbers of read-like calls, per architecture (from /proc/<pid>/syscall). */
const READ_SYSCALLS: Record<string, number[]> = {
  x64: [0, 17, 19], // read, pread64, readv
  arm64: [63, 65, 67], // read, readv, pread64
};

export interface ProcessSnapshot {
  pid: number;
  state: string;
  pgrp: number;
  /** Foreground process group of the controlling terminal. */
  tpgid: number;
  /** Times the process has been scheduled (from /proc/<pid>/schedstat); changes whenever it ran. */
  runs: number;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

export function snapshotProcess(pid: number): ProcessSnapshot | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return null;
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const sched = readText(`/proc/${pid}/schedstat`);
  return {
    pid,
    state: rest[0],
    pgrp: Number(rest[2]),
    tpgid: Number(rest[5]),
    runs: sched ? Number(sched.trim().split(' ')[2]) : NaN,
  };
}

/** The process and all its descendants (via /proc/<pid>/task/<tid>/children). */
export function processTree(root: number): number[] {
  const out: number[] = [];
  const queue = [root];
  while (queue.length && out.length < 512) {
    const pid = queue.shift()!;
    out.push(pid);
    const tasks = readText(`/proc/${pid}/task/${pid}/children`);
    if (tasks) for (const c of tasks.trim().split(/\s+/)) if (c) queue.push(Number(c));
  }
  return out;
}

/** The terminal device a process has on fd 0 (e.g. /dev/pts/7). */
export function ttyOf(pid: number): string | null {
  try {
    return readlinkSync(`/proc/${pid}/fd/0`);
  } catch {
    return null;
  }
}

/**
 * True when the process sleeps inside a read() on `tty` — or on `/dev/tty`, its controlling terminal, which for a
 * process of this terminal's foreground group is `tty` (getpass and `ssh` read a password from /dev/tty).
 */
export function blockedReadingTty(pid: number, tty: string): boolean {
  const syscall = readText(`/proc/${pid}/syscall`);
  if (syscall) {
    const [nr, fdHex] = syscall.trim().split(' ');
    if (!(READ_SYSCALLS[process.arch] ?? []).includes(Number(nr))) return false;
    try {
      const file = readlinkSync(`/proc/${pid}/fd/${Number.parseInt(fdHex, 16)}`);
      return file === tty || file === '/dev/tty';
    } catch {
      return false;
    }
  }
  // /proc/<pid>/syscall unreadable: fall back to the kernel wait channel of a tty read.
  const wchan = readText(`/proc/${pid}/wchan`);
  return wchan === 'n_tty_read' || wchan === 'wait_woken';
}

/** The processes of the terminal's foreground group, among `root` and its descendants. */
export function foregroundProcesses(root: number): ProcessSnapshot[] {
  const top = snapshotProcess(root);
  if (!top) return [];
  const tree = processTree(root).map(snapshotProcess).filter((p): p is ProcessSnapshot => p !== null);
  return tree.filter((p) => p.pgrp === top.tpgid);
}

/**
 * One foreground process is blocked reading the terminal, and it has run since `runsAtInput` was taken
 * (so it consumed the last input rather than still sitting in the read that input will wake).
 */
export function foregroundWaitsOnTty(root: number, tty: string, runsAtInput: Map<number, number>): boolean {
  for (const p of foregroundProcesses(root)) {
    if (p.state !== 'S') continue;
    if (!blockedReadingTty(p.pid, tty)) continue;
    const before = runsAtInput.get(p.pid);
    if (before === undefined || before !== p.runs) return true;
  }
  return false;
}

/**
 * A foreground process is runnable (state R): on a loaded machine it may be preempted in the middle of drawing,
 * so a quiet screen then says nothing about it waiting for input.
 */
export function foregroundRunnable(root: number): boolean {
  return foregroundProcesses(root).some((p) => p.state === 'R');
}

/** Scheduling counters of the foreground processes, taken when input is sent. */
export function runCounters(root: number): Map<number, number> {
  return new Map(foregroundProcesses(root).map((p) => [p.pid, p.runs]));
}

/** CPU time (clock ticks, utime+stime) used so far by the process and its descendants that are alive. */
export function treeCpuTicks(root: number): number {
  let ticks = 0;
  for (const pid of processTree(root)) {
    const stat = readText(`/proc/${pid}/stat`);
    if (!stat) continue;
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(rest[11]) + Number(rest[12]);
  }
  return ticks;
}
