import { timingSafeEqual } from 'node:crypto';
import { mkdir, open, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ensurePrivateFile } from './private-files.js';

/**
 * The hub's credential: one random token per data directory, created on first need (0600) and kept, so
 * URLs handed out stay valid across hub restarts. Whoever creates it first wins (O_EXCL). A credential file
 * that others can read (left so by an older version or by hand) is made private, and `warn` is told.
 */
export async function ensureCredential(file: string, warn?: (fields: object, message: string) => void): Promise<string> {
  const existing = await readCredential(file);
  if (existing) {
    await ensurePrivateFile(file, warn);
    return existing;
  }
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  // Loaded here, not at the top: a client that finds the credential (every `gatehouse mcp`) then never loads node:crypto.
  const { randomBytes } = await import('node:crypto');
  const token = randomBytes(24).toString('base64url');
  try {
    const handle = await open(file, 'wx', 0o600);
    await handle.writeFile(token);
    await handle.close();
    return token;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    for (let i = 0; i < 50; i++) {
      const raced = await readCredential(file);
      if (raced) return raced;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`credential file ${file} exists but is empty`);
  }
}

export async function readCredential(file: string): Promise<string | null> {
  try {
    const text = (await readFile(file, 'utf8')).trim();
    return text || null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

export function sameToken(given: string | undefined | null, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
