/** A path in the data directory cannot be used: names the path, what is wrong and what to do. */
export class DataPathError extends Error {
  constructor(
    readonly path: string,
    problem: string,
    readonly fix: string,
  ) {
    super(`${path} ${problem} — ${fix}`);
    this.name = 'DataPathError';
  }
}

/** Turns a file-system error at `path` into a DataPathError with a fix a person can follow. */
export function dataPathError(path: string, err: unknown, expected: 'file' | 'directory'): Error {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EISDIR') return new DataPathError(path, 'is a directory, not a file', `move it out of the way (mv "${path}" "${path}.bak") and start gatehouse again`);
  if (code === 'ENOTDIR' || (code === 'EEXIST' && expected === 'directory')) {
    return new DataPathError(path, `is not a ${expected}`, `move it out of the way (mv "${path}" "${path}.bak") and start gatehouse again`);
  }
  if (code === 'EACCES' || code === 'EPERM') return new DataPathError(path, 'cannot be read or written by this user', `fix its owner or mode (e.g. chown -R "$USER" "${path}"), or set GATEHOUSE_HOME to another folder`);
  if (code === 'EROFS') return new DataPathError(path, 'is on a read-only file system', 'set GATEHOUSE_HOME to a writable folder');
  if (code === 'ENOSPC') return new DataPathError(path, 'cannot be written: the disk is full', 'free some space and start gatehouse again');
  return new DataPathError(path, `cannot be opened (${(err as Error).message})`, 'fix the file or set GATEHOUSE_HOME to another folder');
}
