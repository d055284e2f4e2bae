import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';

let sequence = 0;

/**
 * Writes `text` to `file` so that it survives a crash and a power cut: the bytes go to a temp file (0600) that is
 * fsynced, renamed over the target, and the directory is fsynced so the rename itself is on disk. Resolves only
 * then. On failure the temp file is removed and the target is as it was (old content, or absent).
 */
export async function writeFileDurably(file: string, text: string): Promise<void> {
  const temp = `${file}.${process.pid}.${++sequence}.tmp`;
  let renamed = false;
  try {
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
    renamed = true;
    await syncDirectory(dirname(file));
  } catch (err) {
    if (!renamed) await unlink(temp).catch(() => undefined);
    throw err;
  }
}

/** fsyncs a directory, so entries created, renamed or removed in it are on disk. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Removes a file and makes the removal durable; a file already gone is fine. */
export async function unlinkDurably(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  await syncDirectory(dirname(file));
}

/** writeFileDurably for callers that must stay synchronous (orchestrator checkpoints): same steps, same guarantees. */
export function writeFileDurablySync(file: string, text: string): void {
  const temp = `${file}.${process.pid}.${++sequence}.tmp`;
  let renamed = false;
  try {
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeFileSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
    renamed = true;
    const dir = openSync(dirname(file), 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  } catch (err) {
    if (!renamed) rmSync(temp, { force: true });
    throw err;
  }
}
