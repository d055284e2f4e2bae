import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dataPathError, DataPathError } from '../config/data-path-error.js';

/**
 * Whether the store can write now. `watch` runs a write (DurableJsonFile: its failure is a DataPathError naming
 * the folder or file, what the system said and the fix — what the hub answers instead of "internal error") and
 * remembers a failure the probe cannot see until a later write succeeds. `problems` probes the folders the store
 * writes into (each must be a folder this process may write: a read-only mount, an immutable folder or another
 * owner's folder is found before the next write fails, and found fixed) and adds that remembered failure: empty
 * when the store is fine.
 */
export class StorageHealth {
  private lastFailure: DataPathError | null = null;

  constructor(private readonly dirs: readonly string[]) {}

  async watch<T>(write: () => Promise<T>): Promise<T> {
    try {
      const result = await write();
      this.lastFailure = null;
      return result;
    } catch (err) {
      const failure = err instanceof DataPathError ? err : new DataPathError('(the store)', `could not be written (${(err as Error)?.message ?? String(err)})`, 'see the hub log');
      // The probe sees a folder that is missing, not a folder, read-only, immutable or another user's (and sees it
      // fixed): only what it cannot see (a full disk, an I/O error) is remembered until a write succeeds.
      if (!PROBED.has(failure.code ?? '')) this.lastFailure = failure;
      throw failure;
    }
  }

  async problems(): Promise<string[]> {
    const found: string[] = [];
    for (const dir of this.dirs) {
      try {
        if (!(await stat(dir)).isDirectory()) throw Object.assign(new Error(`ENOTDIR: not a directory, '${dir}'`), { code: 'ENOTDIR' });
        await access(dir, constants.W_OK);
      } catch (err) {
        found.push(dataPathError(dir, err, 'directory').message);
      }
    }
    if (!found.length && this.lastFailure) found.push(this.lastFailure.message);
    return found;
  }
}

const PROBED = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'ENOENT', 'EEXIST', 'ELOOP']);
