import type { StoredSession } from '../sessions/stored-session.js';
import type { SetAsideNote } from './set-aside.js';
import { loadRecordFiles } from './record-files.js';
import { checkStoredSession } from './stored-session-schema.js';

/** Reads every sessions/<id>.json: good ones are returned, bad ones set aside, leftover temp files removed. */
export async function loadSessionFiles(dir: string, setAsideDir: string): Promise<{ sessions: StoredSession[]; notes: SetAsideNote[] }> {
  const { values, notes } = await loadRecordFiles<StoredSession>(dir, setAsideDir, (record, name) => {
    const checked = checkStoredSession(record);
    if ('problem' in checked) return { problem: checked.problem };
    if (`${checked.session.id}.json` !== name) return { problem: `id: ${JSON.stringify(checked.session.id)} does not match the file name` };
    return { value: checked.session };
  });
  return { sessions: values, notes };
}
