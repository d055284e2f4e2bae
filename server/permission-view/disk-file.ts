// The file an edit would change, as it is on disk now: its text, or why there is none to diff against.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** Files larger than this are not read for a diff (the view says "too large to show"). */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;

export type DiskFile =
  | { kind: 'missing' }
  | { kind: 'text'; text: string }
  | { kind: 'binary' }
  | { kind: 'too-large'; bytes: number }
  | { kind: 'unreadable'; reason: string };

export function readDiskFile(path: string): DiskFile {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'unreadable', reason: code === 'EACCES' ? 'permission denied' : (code ?? (err as Error).message) };
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) return { kind: 'unreadable', reason: 'it is a folder' };
    if (stat.size > MAX_FILE_BYTES) return { kind: 'too-large', bytes: stat.size };
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < stat.size) {
      const n = readSync(fd, buffer, read, stat.size - read, read);
      if (n === 0) break;
      read += n;
    }
    const bytes = buffer.subarray(0, read);
    if (looksBinary(bytes)) return { kind: 'binary' };
    return { kind: 'text', text: bytes.toString('utf8') };
  } catch (err) {
    return { kind: 'unreadable', reason: (err as NodeJS.ErrnoException).code ?? (err as Error).message };
  } finally {
    closeSync(fd);
  }
}

/** A NUL byte in the first 8 000 bytes: binary, as git decides it. */
export function looksBinary(bytes: Uint8Array | string): boolean {
  const n = Math.min(bytes.length, 8000);
  if (typeof bytes === 'string') return bytes.slice(0, n).includes('\0');
  for (let i = 0; i < n; i++) if (bytes[i] === 0) return true;
  return false;
}
