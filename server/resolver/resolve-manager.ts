import { existsSync, statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { InteractionSummary } from '../../shared/interactions.js';
import { lookupDirs } from './project-files.js';
import { ResolveTask } from './resolve-task.js';
import { ResolveError, type ResolveAnswer, type ResolveTaskView } from './resolve-types.js';
import { tsciCommand, tsciEnvironment } from './tsci-command.js';

export interface StartRequest {
  component_name?: unknown;
  project_dir?: unknown;
  flags?: unknown;
}

const RECENT_CLOSED = 5;

/**
 * The hub's resolve tasks. Only one tsci process at a time: a start while a task is still running (not
 * finished/failed/closed) is refused with the running task named. Finished and failed tasks stay readable
 * until closed — also those of an earlier hub run (`restore`), which answer with their last view.
 */
export class ResolveManager {
  private readonly tasks = new Map<string, ResolveTask>();
  /** Tasks of an earlier hub run, as they ended (a task that was running then: failed, the hub restarted). */
  private readonly restored = new Map<string, ResolveTaskView>();
  private readonly closedViews: ResolveTaskView[] = [];
  private readonly changeListeners = new Set<(task: ResolveTask) => void>();
  private readonly closeListeners = new Set<(id: string) => void>();
  private readonly screenListeners = new Set<(task: ResolveTask) => void>();

  constructor(private readonly env: NodeJS.ProcessEnv = process.env) {}

  onChange(listener: (task: ResolveTask) => void): void {
    this.changeListeners.add(listener);
  }

  /** A task's tsci drew something (per output burst): render its screen only when it is sent. */
  onScreen(listener: (task: ResolveTask) => void): void {
    this.screenListeners.add(listener);
  }

  start(req: StartRequest): ResolveTask {
    const name = typeof req.component_name === 'string' ? req.component_name.trim() : '';
    if (!name || name.length > 200) throw new ResolveError(400, 'invalid_request', 'component_name: must be a non-empty string of at most 200 characters');
    const dir = req.project_dir;
    if (typeof dir !== 'string' || !isAbsolute(dir) || !existsSync(dir) || !statSync(dir).isDirectory()) {
      throw new ResolveError(400, 'invalid_request', `project_dir: must be the absolute path of an existing directory (got ${JSON.stringify(dir)})`);
    }
    const flags = req.flags ?? [];
    if (!Array.isArray(flags) || flags.length > 10 || !flags.every((f) => typeof f === 'string' && f.startsWith('-'))) {
      throw new ResolveError(400, 'invalid_request', 'flags: must be a list of at most 10 tsci options, each starting with "-" (e.g. ["--tscircuit"])');
    }
    const running = [...this.tasks.values()].find((t) => !t.terminal);
    if (running) {
      throw new ResolveError(409, 'resolve_busy', `another resolve task is running: ${running.id} (${running.opts.componentName}, state ${running.state}). Finish it or close it with resolve_component_close first.`);
    }
    const stepSeconds = Number(this.env.GATEHOUSE_RESOLVE_STEP_SECONDS ?? 300);
    const task = new ResolveTask({
      componentName: name,
      projectDir: dir,
      tsci: tsciCommand(this.env),
      flags: flags as string[],
      env: tsciEnvironment(this.env),
      lookupDirs: lookupDirs(this.env),
      stepTimeoutMs: (Number.isFinite(stepSeconds) && stepSeconds > 0 ? stepSeconds : 300) * 1000,
    });
    this.tasks.set(task.id, task);
    task.onChange((t) => this.changeListeners.forEach((l) => l(t)));
    task.onScreen((t) => this.screenListeners.forEach((l) => l(t)));
    task.start();
    return task;
  }

  /** Takes in the tasks of an earlier hub run (read back from disk), readable until closed. */
  restore(views: ResolveTaskView[]): void {
    for (const view of views) if (!this.tasks.has(view.task_id)) this.restored.set(view.task_id, view);
  }

  /** The current view of a task (live, or of an earlier hub run), if any. */
  find(id: string): ResolveTaskView | undefined {
    return this.tasks.get(id)?.view() ?? this.restored.get(id);
  }

  /** The current view of a task; 404 when there is none. */
  view(id: string): ResolveTaskView {
    const view = this.find(id);
    if (!view) throw notFound(id);
    return view;
  }

  get(id: string): ResolveTask {
    const task = this.tasks.get(id);
    if (!task) throw notFound(id);
    return task;
  }

  /** The last view of a recently closed task (the five most recent are kept for the portal). */
  closedView(id: string): ResolveTaskView | undefined {
    return this.closedViews.find((v) => v.task_id === id);
  }

  list(): ResolveTaskView[] {
    return [...[...this.tasks.values()].map((t) => t.view()), ...this.restored.values()];
  }

  select(id: string, answer: ResolveAnswer): ResolveTaskView {
    const old = this.restored.get(id);
    if (old) throw new ResolveError(409, 'not_waiting', `task ${id} is ${old.state}, not waiting for a selection${old.reason ? ` (${old.reason})` : ''}`);
    const task = this.get(id);
    task.select(answer);
    return task.view();
  }

  async close(id: string): Promise<ResolveTaskView> {
    const old = this.restored.get(id);
    const task = old ? null : this.get(id);
    if (task) await task.close();
    this.tasks.delete(id);
    this.restored.delete(id);
    const view = task ? task.view() : old!;
    this.closedViews.unshift(view);
    this.closedViews.splice(RECENT_CLOSED);
    this.closeListeners.forEach((l) => l(id));
    if (task) this.changeListeners.forEach((l) => l(task));
    return view;
  }

  /** A task was closed (by its agent, or as the hub shuts down): it is gone for good. */
  onClose(listener: (id: string) => void): void {
    this.closeListeners.add(listener);
  }

  /** Stops every running tsci as the hub shuts down. Unlike `close`, the tasks are not gone: after a restart they read as failed. */
  async stopAll(): Promise<void> {
    await Promise.all([...this.tasks.values()].map((t) => t.close()));
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.tasks.keys()].map((id) => this.close(id)));
  }

  /** Rows for the portal's interaction list: waiting on the agent while a selection is pending. */
  summaries(): InteractionSummary[] {
    const live = [...this.tasks.values()].map((t) => ({ view: t.view(), active: !t.terminal }));
    const earlier = [...this.restored.values()].map((view) => ({ view, active: false }));
    const closed = this.closedViews.map((view) => ({ view, active: false }));
    return [...live, ...earlier, ...closed].map(({ view, active }) => ({
      kind: 'resolve',
      id: view.task_id,
      title: `Resolve ${view.component_name}`,
      status: view.state,
      interface: 'pty',
      active,
      waiting_on: active && view.state === 'selection_required' ? 'agent' : null,
      created_at: view.created_at,
      ended_at: view.ended_at,
      deadline_at: null,
      href: `/resolve/${view.task_id}`,
    }));
  }
}

const notFound = (id: string) => new ResolveError(404, 'not_found', `no resolve task ${JSON.stringify(id)} (closed, or never started on this hub)`);
