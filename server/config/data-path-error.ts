import { lstatSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** A path in the data directory cannot be used: names the path, what is wrong (in words), what the system said, and what to do. */
export class DataPathError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
    readonly fix: string,
    /** The system's own words (e.g. "EPERM: operation not permitted, open '…'"), when they add to the problem. */
    readonly systemSaid?: string,
    /** The system's error code (EACCES, EROFS, …) when the cause was a file-system error. */
    readonly code?: string,
  ) {
    super(`${path} ${problem}${systemSaid ? ` (the system said: ${systemSaid})` : ''} — ${fix}`);
    this.name = 'DataPathError';
  }
}

/**
 * Turns a file-system error at `path` into a DataPathError with the cause in words and a fix a person can follow:
 * a link whose target does not exist ("a link to … which does not exist", also for a folder on the way), a path
 * owned by another user ("owned by root"), an immutable or read-only one, a full disk.
 */
export function dataPathError(path: string, err: unknown, expected: 'file' | 'directory'): DataPathError {
  const made = describe(path, err, expected);
  const code = (err as NodeJS.ErrnoException)?.code;
  return code ? new DataPathError(made.path, made.problem, made.fix, made.systemSaid, code) : made;
}

/**
 * A durable write of `file` that failed: the folder is named when the temp file could not be made or synced there
 * (read-only, immutable, another user's, full, gone), the file itself when the rename over it was refused.
 */
export function writeFailure(file: string, err: unknown): DataPathError {
  if (err instanceof DataPathError) return err;
  const e = err as NodeJS.ErrnoException;
  if (!e?.code) return new DataPathError(file, `could not be written (${(err as Error)?.message ?? String(err)})`, 'see the hub log');
  return e.syscall === 'rename' || e.code === 'EISDIR' ? dataPathError(file, err, 'file') : dataPathError(dirname(file), err, 'directory');
}

function describe(path: string, err: unknown, expected: 'file' | 'directory'): DataPathError {
  const code = (err as NodeJS.ErrnoException).code;
  const said = (err as Error)?.message;
  const moveAside = `move it out of the way (mv "${path}" "${path}.bak") and start gatehouse again`;
  if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EEXIST' || code === 'ELOOP') {
    const link = brokenLink(path);
    if (link) {
      const what = link.loop ? `a link to ${link.target} which leads back to itself` : `a link to ${link.target} which does not exist`;
      const fix = link.loop ? `remove the link (rm "${link.at}") and start gatehouse again` : `create it (mkdir -p "${link.resolved}") or remove the link (rm "${link.at}"), then start gatehouse again`;
      return link.at === path ? new DataPathError(path, `is ${what}`, fix) : new DataPathError(path, `cannot be reached: ${link.at} is ${what}`, fix);
    }
  }
  if (code === 'EISDIR') return new DataPathError(path, 'is a directory, not a file', moveAside);
  if (code === 'ENOTDIR' || (code === 'EEXIST' && expected === 'directory')) return new DataPathError(path, `is not a ${expected}`, moveAside);
  if (code === 'EACCES' || code === 'EPERM') return permissionError(path, code, said);
  if (code === 'EROFS') return new DataPathError(path, 'is on a read-only file system', 'set GATEHOUSE_HOME to a writable folder (or remount it read-write)', said);
  if (code === 'ENOSPC' || code === 'EDQUOT') return new DataPathError(path, 'cannot be written: the disk is full', 'free some space; the hub carries on once it can write', said);
  if (code === 'ENOENT') return new DataPathError(path, 'does not exist (removed while gatehouse ran?)', 'start gatehouse again: it creates its folders', said);
  return new DataPathError(path, `cannot be opened (${said})`, 'fix the file or set GATEHOUSE_HOME to another folder');
}

/** EACCES / EPERM, said by cause: another owner, a mode that forbids it, or (for the owner, root included) an immutable file. */
function permissionError(path: string, code: string, said: string): DataPathError {
  const me = typeof process.getuid === 'function' ? process.getuid() : null;
  const owned = ownerOf(path);
  if (me !== null && owned && owned.uid !== me) {
    const where = owned.at === path ? 'is' : `cannot be written: ${owned.at} is`;
    return new DataPathError(
      path,
      `${where} owned by ${userName(owned.uid)}, and gatehouse runs as ${userName(me)}`,
      `give it to this user (sudo chown -R ${userName(me)} "${owned.at}"), or set GATEHOUSE_HOME to a folder of yours`,
      said,
    );
  }
  if (code === 'EPERM') {
    return new DataPathError(path, 'cannot be written, even by its owner: it is probably immutable (lsattr -d shows an "i")', `clear the flag (sudo chattr -i "${path}") or set GATEHOUSE_HOME to another folder`, said);
  }
  return new DataPathError(path, `cannot be read or written by this user${owned ? ` (mode ${owned.mode.toString(8)})` : ''}`, `fix its mode (chmod u+rwX "${owned?.at ?? path}"), or set GATEHOUSE_HOME to another folder`, said);
}

/** The owner of `path`, or of the nearest folder above it that exists. */
function ownerOf(path: string): { at: string; uid: number; mode: number } | null {
  for (let at = resolve(path); ; at = dirname(at)) {
    try {
      const info = statSync(at);
      return { at, uid: info.uid, mode: info.mode & 0o7777 };
    } catch {
      if (dirname(at) === at) return null;
    }
  }
}

/** The first link on the way to `path` (itself or a folder above) whose target is missing or loops. */
function brokenLink(path: string): { at: string; target: string; resolved: string; loop: boolean } | null {
  for (let at = resolve(path); dirname(at) !== at; at = dirname(at)) {
    try {
      if (!lstatSync(at).isSymbolicLink()) continue;
    } catch {
      continue;
    }
    try {
      statSync(at);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ELOOP') continue;
      const target = readlinkSync(at);
      return { at, target, resolved: resolve(dirname(at), target), loop: code === 'ELOOP' };
    }
  }
  return null;
}

/** A user's name from /etc/passwd ("uid 1000" when it has none). */
function userName(uid: number): string {
  try {
    for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const [name, , id] = line.split(':');
      if (Number(id) === uid && name) return name;
    }
  } catch {
    // no passwd file (Windows, a minimal container)
  }
  return `uid ${uid}`;
}

/**
 * Why the hub could not start, in words: a file-system error that names its path (EACCES on the log, ENOENT on a
 * data directory that is a dangling link, …) becomes the DataPathError's text; anything else keeps its message.
 */
export function startFailureText(err: unknown): string {
  if (err instanceof DataPathError) return err.message;
  const e = err as NodeJS.ErrnoException;
  if (e?.code && typeof e.path === 'string') return dataPathError(e.path, err, e.syscall === 'mkdir' || e.syscall === 'scandir' ? 'directory' : 'file').message;
  return (err as Error)?.message ?? String(err);
}
