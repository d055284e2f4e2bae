// A task's lifecycle record: its status changes, each explained by the signal that decided it (the task's explain
// lines), the notes that changed no status, and the promise that settles once the task is DONE or FAILED.
import { noteExplain, recordExplain } from './task-explain.js';
import type { TaskState } from './task-types.js';

export class TaskLifecycle {
  /** What decides the next status change (recorded in the task's explain lines). */
  signal = 'launch';
  /** Resolves when the task is DONE or FAILED. */
  readonly finished: Promise<void>;
  private finish!: () => void;

  /** `changed`: the task's state changed (the caller checkpoints and broadcasts). */
  constructor(
    readonly state: TaskState,
    private readonly changed: () => void,
  ) {
    this.finished = new Promise((done) => (this.finish = done));
  }

  get over(): boolean {
    return this.state.status === 'DONE' || this.state.status === 'FAILED';
  }

  set(change: (task: TaskState) => void): void {
    const before = this.state.status;
    change(this.state);
    if (this.state.status !== before) recordExplain(this.state, this.signal);
    this.changed();
  }

  /** A change decided by `signal` (none: the signal already recorded decides it). */
  update(change: (task: TaskState) => void, signal?: string): void {
    if (signal !== undefined) this.signal = signal;
    this.set(change);
  }

  /** The task is RUNNING with no interaction; `signal` is what decided it (its explain line on a status change). */
  running(signal: string): void {
    this.signal = signal;
    this.set((t) => {
      t.status = 'RUNNING';
      t.interaction = null;
    });
  }

  /** An explain line that changes no status (none once the task is over: what came after does not explain it). */
  note(line: string): void {
    if (this.over) return;
    noteExplain(this.state, line);
    this.changed();
  }

  complete(): void {
    this.set((t) => {
      t.status = 'DONE';
      t.interaction = null;
      t.endedAt = new Date().toISOString();
    });
    this.finish();
  }

  fail(reason: string): void {
    this.set((t) => {
      t.status = 'FAILED';
      t.error = reason;
      t.interaction = null;
      t.endedAt = new Date().toISOString();
    });
    this.finish();
  }
}

/** Why a task whose program exited failed, in the program's own words when it left some; null: exit 0, DONE. */
export function exitFailure(code: number | null, signal: number | null, words: string): string | null {
  if (code === 0) return null;
  return `${code === null ? `killed by signal ${signal}` : `exited with code ${code}`}${words ? `; its screen ended with:\n${words}` : ''}`;
}
