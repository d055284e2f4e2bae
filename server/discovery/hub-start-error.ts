import { readFile, unlink } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';

/** Why a hub process could not start, left in <data dir>/hub.start-error.json for whoever started it. */
export interface HubStartError {
  pid: number;
  at: string;
  message: string;
}

/** Synchronous: written on the way out of a failing process. Never throws (the log has the error too). */
export function writeHubStartError(file: string, message: string): void {
  try {
    writeFileSync(file, JSON.stringify({ pid: process.pid, at: new Date().toISOString(), message } satisfies HubStartError), { mode: 0o600 });
  } catch {
    // the data directory itself may be what is broken
  }
}

export async function readHubStartError(file: string): Promise<HubStartError | null> {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as HubStartError;
    return typeof value.pid === 'number' && typeof value.message === 'string' ? value : null;
  } catch {
    return null;
  }
}

export async function removeHubStartError(file: string): Promise<void> {
  await unlink(file).catch(() => undefined);
}
