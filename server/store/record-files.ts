import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { dataPathError } from '../config/data-path-error.js';
import { DurableJsonFile } from './durable-json-file.js';
import { setFileAside, type SetAsideNote } from './set-aside.js';

const READ_AT_ONCE = 64;

/** What a record file holds, checked: the value to keep, or the problem that sets the file aside. */
export type RecordCheck<T> = { value: T } | { problem: string };

/**
 * Reads every `<dir>/*.json` record through the store's lowdb adapter (DurableJsonFile, which also writes them): `check` keeps a good
 * one or names its problem; files that are not JSON, are folders, or have a problem are set aside with it, and
 * temp files a crash left behind (never acknowledged) are removed. `missingIsEmpty`: a folder that does not exist
 * yet holds no records (else it is an error naming the path).
 */
export async function loadRecordFiles<T>(
  dir: string,
  setAsideDir: string,
  check: (record: unknown, fileName: string) => RecordCheck<T>,
  opts: { missingIsEmpty?: boolean } = {},
): Promise<{ values: T[]; notes: SetAsideNote[] }> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if (opts.missingIsEmpty && (err as NodeJS.ErrnoException).code === 'ENOENT') return { values: [], notes: [] };
    throw dataPathError(dir, err, 'directory');
  }
  const values: T[] = [];
  const notes: SetAsideNote[] = [];
  const loadOne = async (name: string) => {
    const file = join(dir, name);
    if (name.endsWith('.tmp')) return void (await unlink(file).catch(() => undefined));
    if (!name.endsWith('.json')) return;
    let problem: string;
    try {
      const checked = check(await new DurableJsonFile<unknown>(file).read(), name);
      if ('value' in checked) return void values.push(checked.value);
      problem = checked.problem;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EISDIR') problem = 'is a directory';
      else if (err instanceof SyntaxError) problem = `not valid JSON (${err.message})`;
      else throw dataPathError(file, err, 'file');
    }
    notes.push(await setFileAside(setAsideDir, file, problem));
  };
  for (let i = 0; i < names.length; i += READ_AT_ONCE) await Promise.all(names.slice(i, i + READ_AT_ONCE).map(loadOne));
  return { values, notes };
}
