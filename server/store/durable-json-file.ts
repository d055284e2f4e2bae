import { readFile } from 'node:fs/promises';
import type { Adapter } from 'lowdb';
import { writeFailure } from '../config/data-path-error.js';
import { writeFileDurably } from './durable-file.js';

/**
 * lowdb's adapter for every JSON document the hub keeps (settings.json, telegram.json, telegram-messages.json)
 * and for each session record (sessions/<id>.json): a write goes to a temp file (0600) that is fsynced, renamed
 * over the document and the folder fsynced (writeFileDurably), so a write that resolved survives kill -9 and a
 * power cut, and one that failed left the document as it was. lowdb's own JSONFile (steno) renames but never
 * fsyncs, which is why the hub does not use it.
 *
 * read(): null when the document does not exist yet (lowdb then keeps its default data); a file-system error
 * keeps its errno `code` (EISDIR, EACCES, …) and text that is not JSON throws a SyntaxError, so the caller can
 * set the file aside (see openDocument) or name the path and the fix (dataPathError). write(): a failure is a
 * DataPathError (the folder or file, the system's words and `code`, the fix), whoever writes.
 */
export class DurableJsonFile<T> implements Adapter<T> {
  constructor(
    readonly file: string,
    private readonly indent?: number,
  ) {}

  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    return JSON.parse(text) as T;
  }

  async write(data: T): Promise<void> {
    try {
      await writeFileDurably(this.file, JSON.stringify(data, null, this.indent));
    } catch (err) {
      throw writeFailure(this.file, err);
    }
  }
}
