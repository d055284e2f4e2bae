import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileDurablySync } from '../../store/durable-file.js';
import type { WorkflowSessionState } from '../task/task-types.js';

/**
 * Workflow sessions as JSON files in <data dir>/workflows/<id>.json (0600, in a 0700 folder). Every write is
 * atomic and durable: the JSON goes to a temp file that is fsynced, then renamed over the old one, and the
 * folder is fsynced — a crash (kill -9) or a power cut leaves the previous checkpoint or the new one, never
 * half a file, and a task recorded DONE stays DONE (a resume does not run it again).
 */
export class CheckpointStore {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'workflows');
  }

  save(session: WorkflowSessionState): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    writeFileDurablySync(this.pathOf(session.id), JSON.stringify(session));
  }

  load(id: string): WorkflowSessionState | null {
    if (!/^[A-Za-z0-9_-]+$/.test(id)) return null;
    try {
      return JSON.parse(readFileSync(this.pathOf(id), 'utf8')) as WorkflowSessionState;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** Every checkpoint on disk (unreadable files skipped). */
  list(): WorkflowSessionState[] {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return [];
    }
    const sessions: WorkflowSessionState[] = [];
    for (const name of names) {
      if (!name.endsWith('.json')) continue;
      try {
        sessions.push(JSON.parse(readFileSync(join(this.dir, name), 'utf8')) as WorkflowSessionState);
      } catch {
        // a foreign or damaged file: not ours to judge here
      }
    }
    return sessions;
  }

  pathOf(id: string): string {
    return join(this.dir, `${id}.json`);
  }
}
