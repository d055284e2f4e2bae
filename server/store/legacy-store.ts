import { chmod, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Logger } from '../logging/logger.js';
import type { StoredSession } from '../sessions/stored-session.js';
import { syncDirectory } from './durable-file.js';
import { DurableJsonFile } from './durable-json-file.js';
import { setFileAside, setRecordsAside, type SetAsideNote } from './set-aside.js';
import { checkStoredSession } from './stored-session-schema.js';
import { dataPathError } from '../config/data-path-error.js';

export interface LegacyTarget {
  setAside: string;
  /** Writes one migrated session durably. */
  writeSession(session: StoredSession): Promise<void>;
  settingsFile: string;
}

/**
 * Moves a store.json of an earlier version (one lowdb file: {version, settings, sessions, extras}) into the
 * per-session layout: every good session is written to sessions/<id>.json, the settings to settings.json, bad
 * records are set aside with the file they came from, and store.json itself is kept as
 * store.json.migrated-<time> — nothing a person had is lost. Safe to repeat after a crash half-way: the file is
 * renamed only once everything else is on disk. Returns notes about what was set aside.
 */
export async function migrateLegacyStore(file: string, target: LegacyTarget, log: Pick<Logger, 'warn' | 'info'>): Promise<SetAsideNote[]> {
  let parsed: { sessions?: unknown; settings?: unknown } | null | undefined;
  try {
    parsed = await new DurableJsonFile<{ sessions?: unknown; settings?: unknown }>(file).read();
    if (parsed === null) return []; // no store.json: nothing to migrate
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw dataPathError(file, err, 'file');
    parsed = undefined;
  }
  if (!parsed || typeof parsed !== 'object' || !Array.isArray(parsed.sessions)) {
    const note = await setFileAside(target.setAside, file, 'not a gatehouse store (not JSON, or no sessions list)');
    log.warn(note, 'store.json is corrupt; set it aside and started without it');
    return [note];
  }
  const bad: Array<{ index: number; record: unknown; problem: string }> = [];
  const good: StoredSession[] = [];
  parsed.sessions.forEach((record, index) => {
    const checked = checkStoredSession(record);
    if ('session' in checked) good.push(checked.session);
    else bad.push({ index, record, problem: checked.problem });
  });
  for (let i = 0; i < good.length; i += 32) await Promise.all(good.slice(i, i + 32).map((s) => target.writeSession(s)));
  if (parsed.settings !== undefined) await new DurableJsonFile(target.settingsFile).write(parsed.settings);
  const notes = bad.length ? [await setRecordsAside(target.setAside, file, bad)] : [];
  for (const note of notes) log.warn(note, 'store.json held records that cannot be loaded; set them aside');
  const kept = `${file}.migrated-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await rename(file, kept);
  await chmod(kept, 0o600); // store.json of earlier versions was created 0644
  await syncDirectory(dirname(file));
  log.info({ from: file, kept, sessions: good.length, setAside: bad.length }, `migrated store.json to ${join(dirname(file), 'sessions')}/`);
  return notes;
}
