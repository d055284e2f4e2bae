import { Low } from 'lowdb';
import { dataPathError } from '../config/data-path-error.js';
import { DurableJsonFile } from './durable-json-file.js';
import { setFileAside, type SetAsideNote } from './set-aside.js';

/** A lowdb document on a DurableJsonFile, and what was set aside to open it (null when the file was fine or absent). */
export interface OpenedDocument<T> {
  db: Low<T>;
  setAside: SetAsideNote | null;
}

/**
 * Opens one of the hub's small JSON documents (settings.json, telegram.json, telegram-messages.json) as a lowdb
 * document written durably. A file that does not exist yet gives `defaults`; one that is not JSON, or is a
 * directory, is set aside into `setAsideDir` (never deleted: the note says where it went) and the document
 * starts from `defaults`, as a bad session record is. Any other file-system error (no permission, read-only) is
 * a DataPathError naming the path and the fix. Checking the shape of what was read is the caller's job.
 */
export async function openDocument<T>(file: string, setAsideDir: string, defaults: () => T, indent?: number): Promise<OpenedDocument<T>> {
  const db = new Low<T>(new DurableJsonFile<T>(file, indent), defaults());
  let problem: string;
  try {
    await db.read();
    return { db, setAside: null };
  } catch (err) {
    if (err instanceof SyntaxError) problem = `not valid JSON (${err.message})`;
    else if ((err as NodeJS.ErrnoException).code === 'EISDIR') problem = 'is a directory, not a file';
    else throw dataPathError(file, err, 'file');
  }
  try {
    return { db, setAside: await setFileAside(setAsideDir, file, problem) };
  } catch (err) {
    throw dataPathError(setAsideDir, err, 'directory');
  }
}
