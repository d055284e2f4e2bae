import { chmod, mkdir, rename } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { DurableJsonFile } from './durable-json-file.js';

/** A record or file the store could not load, kept (never deleted) in <data dir>/set-aside/. */
export interface SetAsideNote {
  /** The file the bad record came from. */
  from: string;
  /** Where it is kept now. */
  kept: string;
  problem: string;
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** Moves a whole unreadable file into the set-aside folder. */
export async function setFileAside(dir: string, file: string, problem: string): Promise<SetAsideNote> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const kept = join(dir, `${stamp()}-${basename(file)}`);
  await rename(file, kept);
  await chmod(kept, 0o600).catch(() => undefined); // a directory set aside keeps its mode
  return { from: file, kept, problem };
}

/** Writes bad records taken out of a file that is otherwise kept (with the file and index they came from). */
export async function setRecordsAside(dir: string, file: string, records: Array<{ index: number; record: unknown; problem: string }>): Promise<SetAsideNote> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const kept = join(dir, `${stamp()}-${basename(file)}-records.json`);
  await new DurableJsonFile(kept, 2).write({ from: file, records });
  return { from: file, kept, problem: records.map((r) => `sessions[${r.index}] ${r.problem}`).join('; ') };
}
