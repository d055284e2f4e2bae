import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { unlinkDurably } from '../store/durable-file.js';
import { DurableJsonFile } from '../store/durable-json-file.js';
import { loadRecordFiles } from '../store/record-files.js';
import type { SetAsideNote } from '../store/set-aside.js';
import { TERMINAL_STATES, type ResolveState, type ResolveTaskView } from './resolve-types.js';

/** What a task that was running when the hub stopped says after the restart. */
export const RESTARTED_REASON = 'the hub restarted while this task ran; start it again';

/** Records kept at start (the newest); older ones are removed — an agent that never closed its tasks leaves no pile. */
const KEEP_RECORDS = 100;

const STATES: readonly ResolveState[] = ['idle', 'checking_local', 'checking_global', 'selection_required', 'trying_import', 'finished', 'failed'];

/** A task's summary on disk: enough to answer its status after a restart (no screen, no selection). */
type TaskRecord = Pick<ResolveTaskView, 'task_id' | 'component_name' | 'project_dir' | 'state' | 'created_at' | 'updated_at' | 'ended_at' | 'reason' | 'exit_code' | 'location' | 'source'>;

const summaryOf = (v: ResolveTaskView): TaskRecord => ({
  task_id: v.task_id,
  component_name: v.component_name,
  project_dir: v.project_dir,
  state: v.state,
  created_at: v.created_at,
  updated_at: v.updated_at,
  ended_at: v.ended_at,
  ...(v.state === 'failed' ? { reason: v.reason, exit_code: v.exit_code ?? null } : {}),
  ...(v.state === 'finished' ? { location: v.location, source: v.source } : {}),
});

/** The problem with a record read from `name`, or null when it is a task summary this file may hold. */
function problemOf(record: unknown, name: string): string | null {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return 'not a JSON object';
  const r = record as Record<string, unknown>;
  for (const key of ['task_id', 'component_name', 'project_dir', 'created_at', 'updated_at'] as const) {
    if (typeof r[key] !== 'string') return `${key}: missing or not a string`;
  }
  if (!STATES.includes(r.state as ResolveState)) return `state: ${JSON.stringify(r.state)} is not a resolve task state`;
  if (r.ended_at !== null && typeof r.ended_at !== 'string') return 'ended_at: must be a string or null';
  if (`${r.task_id}.json` !== name) return `task_id: ${JSON.stringify(r.task_id)} does not match the file name`;
  return null;
}

/**
 * Resolve tasks' summaries on disk, one fsynced file per task (<data dir>/resolve-tasks/<id>.json, the folder
 * made with the first task), so that a hub restart does not make a task vanish: a task that was still running
 * comes back `failed` with `RESTARTED_REASON`; a finished or failed one comes back as it ended. A closed task's
 * file is removed.
 * Writes of one task go out in order; only the latest summary waiting to be written is kept.
 */
export class ResolveTaskRecords {
  private readonly writes = new Map<string, Promise<void>>();
  private readonly latest = new Map<string, TaskRecord | null>();

  constructor(
    private readonly dir: string,
    private readonly setAsideDir: string,
    private readonly onError: (message: string) => void,
  ) {}

  /**
   * Reads every record: running ones are rewritten as failed (the hub restarted), bad files set aside, all but
   * the newest `KEEP_RECORDS` removed. Returns the views to answer for, newest first.
   */
  async load(): Promise<{ views: ResolveTaskView[]; notes: SetAsideNote[] }> {
    const { values: records, notes } = await loadRecordFiles<TaskRecord>(this.dir, this.setAsideDir, (record, name) => {
      const problem = problemOf(record, name);
      return problem ? { problem } : { value: record as TaskRecord };
    }, { missingIsEmpty: true }); // the folder is made with the first task
    records.sort((a, b) => b.created_at.localeCompare(a.created_at));
    for (const old of records.splice(KEEP_RECORDS)) await unlinkDurably(join(this.dir, `${old.task_id}.json`));
    const now = new Date().toISOString();
    const views: ResolveTaskView[] = [];
    for (const record of records) {
      if (TERMINAL_STATES.includes(record.state)) {
        views.push({ ...record, screen: null });
        continue;
      }
      const failed: ResolveTaskView = { ...record, state: 'failed', reason: RESTARTED_REASON, exit_code: null, updated_at: now, ended_at: record.ended_at ?? now, screen: null };
      await new DurableJsonFile(join(this.dir, `${record.task_id}.json`)).write(summaryOf(failed));
      views.push(failed);
    }
    return { views, notes };
  }

  /** Writes the task's summary (durably; in order with its earlier writes). */
  save(view: ResolveTaskView): void {
    this.enqueue(view.task_id, summaryOf(view));
  }

  /** Removes the task's record (it was closed). */
  remove(taskId: string): void {
    this.enqueue(taskId, null);
  }

  /** Resolves once every write asked for so far is done. */
  async flush(): Promise<void> {
    while (this.writes.size) await Promise.all(this.writes.values());
  }

  private enqueue(id: string, record: TaskRecord | null): void {
    const queued = this.latest.has(id);
    this.latest.set(id, record);
    if (queued) return;
    const before = this.writes.get(id) ?? Promise.resolve();
    const write = before.then(async () => {
      if (!this.latest.has(id)) return;
      const next = this.latest.get(id)!;
      this.latest.delete(id);
      const file = join(this.dir, `${id}.json`);
      try {
        if (next) {
          await mkdir(this.dir, { recursive: true, mode: 0o700 });
          await new DurableJsonFile<TaskRecord>(file).write(next);
        }
        else await unlinkDurably(file);
      } catch (err) {
        this.onError(`could not ${next ? 'write' : 'remove'} ${file}: ${(err as Error).message}`);
      }
    });
    this.writes.set(id, write);
    void write.then(() => {
      if (this.writes.get(id) === write) this.writes.delete(id);
    });
  }
}
