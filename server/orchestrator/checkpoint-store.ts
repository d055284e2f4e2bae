import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WorkflowSessionState } from './task-types.js';

/**
 * Workflow sessions as JSON files in <data dir>/workflows/<id>.json. Every write is atomic: the
 * JSON goes to a temp file, then is renamed over the old one — a crash of the hub (kill -9) leaves
 * either the previous checkpoint or the new one, never half a file. (No fsync: checkpoints are written
 * on every state change and a lost last step after a power cut only repeats that step on resume.)
 */
export class CheckpointStore {
  readonly dir: string;
  private sequence = 0;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'workflows');
  }

  save(session: WorkflowSessionState): void {
    mkdirSync(this.dir, { recursive: true });
    const target = this.pathOf(session.id);
    const temp = `${target}.${process.pid}.${++this.sequence}.tmp`;
    writeFileSync(temp, JSON.stringify(session), { mode: 0o600 });
    renameSync(temp, target);
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
