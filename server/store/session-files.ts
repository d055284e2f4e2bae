import { readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoredSession } from '../sessions/stored-session.js';
import { setFileAside, type SetAsideNote } from './set-aside.js';
import { checkStoredSession } from './stored-session-schema.js';
import { dataPathError } from '../config/data-path-error.js';

const READ_AT_ONCE = 64;

/** Reads every sessions/<id>.json: good ones are returned, bad ones set aside, leftover temp files removed. */
export async function loadSessionFiles(dir: string, setAsideDir: string): Promise<{ sessions: StoredSession[]; notes: SetAsideNote[] }> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    throw dataPathError(dir, err, 'directory');
  }
  const sessions: StoredSession[] = [];
  const notes: SetAsideNote[] = [];
  const loadOne = async (name: string) => {
    const file = join(dir, name);
    if (name.endsWith('.tmp')) return void (await unlink(file).catch(() => undefined)); // a write a crash interrupted; never acknowledged
    if (!name.endsWith('.json')) return;
    let record: unknown;
    let problem: string;
    try {
      record = JSON.parse(await readFile(file, 'utf8'));
      const checked = checkStoredSession(record);
      if ('session' in checked && `${checked.session.id}.json` === name) return void sessions.push(checked.session);
      problem = 'problem' in checked ? checked.problem : `id: ${JSON.stringify(checked.session.id)} does not match the file name`;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EISDIR') problem = 'is a directory';
      else if (err instanceof SyntaxError) problem = `not valid JSON (${err.message})`;
      else throw dataPathError(file, err, 'file');
    }
    notes.push(await setFileAside(setAsideDir, file, problem));
  };
  for (let i = 0; i < names.length; i += READ_AT_ONCE) await Promise.all(names.slice(i, i + READ_AT_ONCE).map(loadOne));
  return { sessions, notes };
}
