import { open, readFile, stat, unlink } from 'node:fs/promises';
import { isAlive } from '../platform/process-alive.js';

export { isAlive };

/**
 * An exclusive lock file (O_EXCL) holding the owner's pid. A lock whose holder is gone, or older than
 * `staleMs`, is taken over. Returns a release function, or null if someone else holds it.
 * Used twice: while one process starts the hub (stale after 15 s), and by the hub for its lifetime.
 */
export async function tryLock(file: string, staleMs = 15_000): Promise<(() => Promise<void>) | null> {
  try {
    const handle = await open(file, 'wx', 0o600);
    await handle.writeFile(String(process.pid));
    await handle.close();
    return async () => {
      await unlink(file).catch(() => undefined);
    };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    if (await isStale(file, staleMs)) {
      await unlink(file).catch(() => undefined);
      return tryLock(file, staleMs);
    }
    return null;
  }
}

async function isStale(file: string, staleMs: number): Promise<boolean> {
  try {
    const [info, text] = await Promise.all([stat(file), readFile(file, 'utf8')]);
    if (Date.now() - info.mtimeMs > staleMs) return true;
    const pid = Number(text.trim());
    return Number.isInteger(pid) && pid > 0 && !isAlive(pid);
  } catch {
    return false;
  }
}
