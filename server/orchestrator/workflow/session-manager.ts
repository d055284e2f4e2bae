import { randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { CheckpointStore } from './checkpoint-store.js';
import type { TaskState, WorkflowSessionState } from '../task/task-types.js';
import type { WorkflowDefinition } from './workflow-schema.js';

export interface NewSessionOptions {
  source?: string | null;
  cwd?: string;
}

/**
 * Owns workflow sessions: keeps them in memory and checkpoints one to disk (atomically) on every
 * change. Spec: SessionManager (session persistence), WorkflowSession (goal persistence).
 */
export class SessionManager {
  private readonly sessions = new Map<string, WorkflowSessionState>();
  readonly store: CheckpointStore;

  constructor(dataDir: string) {
    this.store = new CheckpointStore(dataDir);
    for (const saved of this.store.list()) this.sessions.set(saved.id, saved);
  }

  create(workflow: WorkflowDefinition, options: NewSessionOptions = {}): WorkflowSessionState {
    const now = new Date().toISOString();
    const source = options.source ? resolve(options.source) : null;
    const session: WorkflowSessionState = {
      id: `wf-${randomBytes(4).toString('hex')}`,
      name: workflow.name ?? (source ? source.split('/').pop()!.replace(/\.(json|ya?ml)$/i, '') : 'workflow'),
      goal: workflow.goal ?? null,
      source,
      cwd: workflow.cwd ? resolve(source ? dirname(source) : (options.cwd ?? process.cwd()), workflow.cwd) : resolve(options.cwd ?? process.cwd()),
      status: 'RUNNING',
      currentStageIndex: 0,
      workflow,
      tasks: [],
      error: null,
      createdAt: now,
      updatedAt: now,
    };
    this.sessions.set(session.id, session);
    this.checkpoint(session);
    return session;
  }

  /** A session in memory, else from its checkpoint (then kept in memory). */
  get(id: string): WorkflowSessionState | null {
    const known = this.sessions.get(id);
    if (known) return known;
    const loaded = this.store.load(id);
    if (loaded) this.sessions.set(id, loaded);
    return loaded;
  }

  /** Every session (those on disk were loaded at construction), newest first. */
  list(): WorkflowSessionState[] {
    return [...this.sessions.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** Apply a change to a session and checkpoint it. */
  update(session: WorkflowSessionState, change: (session: WorkflowSessionState) => void): void {
    change(session);
    this.checkpoint(session);
  }

  /** Apply a change to one task and checkpoint its session. */
  updateTask(session: WorkflowSessionState, taskId: string, change: (task: TaskState) => void): TaskState | null {
    const task = session.tasks.find((t) => t.id === taskId);
    if (!task) return null;
    change(task);
    this.checkpoint(session);
    return task;
  }

  checkpoint(session: WorkflowSessionState): void {
    session.updatedAt = new Date().toISOString();
    this.store.save(session);
  }
}
