import { readFileSync } from 'node:fs';

/** Resident memory of a process in MiB (Linux /proc). */
export function rssMiB(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  return kb / 1024;
}

/** Bytes a process has asked the kernel to write so far (Linux /proc/<pid>/io, wchar). */
export function bytesWritten(pid: number): number {
  return Number(/wchar:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? NaN);
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc/<pid>/stat; 10 ms clock ticks). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime (fields 14, 15 of stat) at 100 ticks/s
}
