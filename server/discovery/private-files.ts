import { chmod, mkdir, stat } from 'node:fs/promises';
import { dataPathError } from '../config/data-path-error.js';

type Warn = (fields: object, message: string) => void;

/**
 * Creates the data directory private to this user (0700), and tightens one that exists with a looser mode
 * (saying so). A path that cannot be a directory is an error naming the path and the fix.
 */
export async function ensurePrivateDir(dir: string, warn?: Warn): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw dataPathError(dir, err, 'directory');
  }
  await tighten(dir, 0o700, warn);
}

/** Makes an existing file private (0600) when others can read it, and says so. */
export async function ensurePrivateFile(file: string, warn?: Warn): Promise<void> {
  await tighten(file, 0o600, warn);
}

async function tighten(path: string, mode: number, warn?: Warn): Promise<void> {
  let current: number;
  try {
    current = (await stat(path)).mode & 0o777;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if ((current & 0o077) === 0) return;
  await chmod(path, mode);
  warn?.({ path, was: current.toString(8), now: mode.toString(8) }, `${path} was readable by other users (mode ${current.toString(8)}); made it private (${mode.toString(8)})`);
}
