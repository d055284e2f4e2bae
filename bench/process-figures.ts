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
