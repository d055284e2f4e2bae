import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Syscall numbers of read-like calls, per architecture (from /proc/<pid>/syscall). */
const READ_SYSCALLS: Record<string, number[]> = {
  x64: [0, 17, 19], // read, pread64, readv
  arm64: [63, 65, 67], // read, readv, pread64
};

/**
 * Syscall numbers of the epoll waits an event loop sleeps in (Node/libuv, Python asyncio), per architecture:
 * epoll_wait (x64 only), epoll_pwait, epoll_pwait2. Their 4th argument is the timeout in ms (-1: none).
 */
const EPOLL_WAIT_SYSCALLS: Record<string, number[]> = {
  x64: [232, 281, 441],
  arm64: [22, 441],
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

/** Where a symbolic link (a /proc fd) points; null when it is gone or unreadable. */
function linkOf(path: string): string | null {
  try {
    return readlinkSync(path);
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
  return linkOf(`/proc/${pid}/fd/0`);
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
    const file = linkOf(`/proc/${pid}/fd/${Number.parseInt(fdHex, 16)}`);
    return file === tty || file === '/dev/tty';
  }
  // /proc/<pid>/syscall unreadable: fall back to the kernel wait channel of a tty read.
  const wchan = readText(`/proc/${pid}/wchan`);
  return wchan === 'n_tty_read' || wchan === 'wait_woken';
}

/**
 * True when the process is an event loop idling on `tty`: its main thread sleeps in an epoll wait whose set
 * watches the terminal, with no timer due within `minTimeoutMs` (no timeout, or a longer one — a spinner's next
 * frame is always sooner), and none of its threads is running. Such a program does nothing until a key (or
 * another event it waits for) arrives: it finished drawing. A program waiting for the network with the terminal
 * not in its set (not reading keys) is not idling on the terminal.
 */
export function idlesPollingTty(pid: number, tty: string, minTimeoutMs: number): boolean {
  const syscall = readText(`/proc/${pid}/syscall`);
  if (!syscall) return false;
  const args = syscall.trim().split(' ');
  if (!(EPOLL_WAIT_SYSCALLS[process.arch] ?? []).includes(Number(args[0]))) return false;
  const timeout = Number(BigInt.asIntN(32, BigInt(args[4] ?? '0')));
  if (timeout >= 0 && timeout < minTimeoutMs) return false;
  const watched = readText(`/proc/${pid}/fdinfo/${Number.parseInt(args[1], 16)}`);
  if (!watched) return false;
  // Watched for input (EPOLLIN, level-triggered as event loops do): a key waiting to be read would wake it.
  const fds = [...watched.matchAll(/^tfd:\s+(\d+)\s+events:\s+([0-9a-f]+)/gm)].filter((m) => Number.parseInt(m[2], 16) & 1).map((m) => m[1]);
  if (!fds.some((fd) => linkOf(`/proc/${pid}/fd/${fd}`) === tty)) return false;
  return threadStates(pid).every((state) => state === 'S');
}

/** The scheduler state of each thread of the process (R running, S sleeping, D in I/O, …). */
function threadStates(pid: number): string[] {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tids.map((tid) => {
    const stat = readText(`/proc/${pid}/task/${tid}/stat`);
    return stat ? stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) : '?';
  });
}

/** The processes of the terminal's foreground group, among `root` and its descendants. */
export function foregroundProcesses(root: number): ProcessSnapshot[] {
  const top = snapshotProcess(root);
  if (!top) return [];
  const tree = processTree(root).map(snapshotProcess).filter((p): p is ProcessSnapshot => p !== null);
  return tree.filter((p) => p.pgrp === top.tpgid);
}

/**
 * One foreground process is blocked reading the terminal, and it has run since the last input (`atInput`)
 * (so it consumed the last input rather than still sitting in the read that input will wake).
 */
export function foregroundWaitsOnTty(root: number, tty: string, atInput: Map<number, InputMark>): boolean {
  for (const p of foregroundProcesses(root)) {
    if (p.state !== 'S') continue;
    if (!blockedReadingTty(p.pid, tty)) continue;
    const before = atInput.get(p.pid);
    if (before === undefined || before.runs !== p.runs) return true;
  }
  return false;
}

/**
 * One foreground process idles in its event loop watching `tty` (see idlesPollingTty), and since the last input
 * (`atInput`) it has both run and read something: it took the input in and went back to waiting. (An input
 * written to the terminal reaches the program a moment later — the kernel passes it on from a work queue —
 * so an event loop found idle is not proof by itself that the input was taken: a read since is.)
 */
export function foregroundIdlesOnTty(root: number, tty: string, atInput: Map<number, InputMark>, minTimeoutMs: number): boolean {
  for (const p of foregroundProcesses(root)) {
    if (p.state !== 'S') continue;
    if (!idlesPollingTty(p.pid, tty, minTimeoutMs)) continue;
    const before = atInput.get(p.pid);
    if (before === undefined) return true;
    if (before.runs !== p.runs && ioCounters(p.pid).rchar > before.rchar) return true;
  }
  return false;
}

/** Bytes the process has read and written so far, by any read- or write-like call (/proc/<pid>/io); NaN when unreadable. */
function ioCounters(pid: number): { rchar: number; wchar: number } {
  const io = readText(`/proc/${pid}/io`) ?? '';
  const count = (name: string) => Number(new RegExp(`^${name}:\\s*(\\d+)`, 'm').exec(io)?.[1] ?? Number.NaN);
  return { rchar: count('rchar'), wchar: count('wchar') };
}

/**
 * Bytes the process and its descendants have written since `atInput` (a process started since counts whole):
 * anything they drew on the terminal is part of it. NaN when a count cannot be read.
 */
export function bytesWrittenSince(root: number, atInput: Map<number, InputMark>): number {
  let sum = 0;
  for (const pid of processTree(root)) {
    const now = ioCounters(pid).wchar;
    const before = atInput.get(pid)?.wchar ?? 0;
    // A process gone between the listing and the read wrote nothing more that matters; an unreadable one might have.
    if (Number.isNaN(now) && snapshotProcess(pid)) return Number.NaN;
    if (!Number.isNaN(now)) sum += now - before;
  }
  return sum;
}

/** Bytes the process and its descendants have read since `atInput` (a process started since counts whole); NaN when a count cannot be read. */
export function bytesReadSince(root: number, atInput: Map<number, InputMark>): number {
  let sum = 0;
  for (const pid of processTree(root)) sum += ioCounters(pid).rchar - (atInput.get(pid)?.rchar ?? 0);
  return sum;
}

/** What a process had done when an input was sent: times run (foreground processes), bytes read and written. */
export interface InputMark {
  runs: number;
  rchar: number;
  wchar: number;
}

/**
 * A foreground process is runnable (state R): on a loaded machine it may be preempted in the middle of drawing,
 * so a quiet screen then says nothing about it waiting for input.
 */
export function foregroundRunnable(root: number): boolean {
  return foregroundProcesses(root).some((p) => p.state === 'R');
}

/** What the process and its descendants had done (runs, bytes read and written), taken when input is sent. */
export function inputMarks(root: number): Map<number, InputMark> {
  const marks = new Map<number, InputMark>();
  for (const pid of processTree(root)) {
    const p = snapshotProcess(pid);
    if (p) marks.set(pid, { runs: p.runs, ...ioCounters(pid) });
  }
  return marks;
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
