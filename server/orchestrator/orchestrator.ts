import { EventEmitter } from 'node:events';
import { AdapterRegistry } from './adapters/adapter-registry.js';
import type { AnswerAction } from './auto-answers/answer-types.js';
import { spawnPtyTaskTerminal } from './terminal/pty-task-terminal.js';
import { SessionManager } from './workflow/session-manager.js';
import type { TaskRunner } from './task/task-runner.js';
import type { TerminalFactory } from './terminal/task-terminal.js';
import type { TaskState, WorkflowSessionState } from './task/task-types.js';
import { WorkflowExecutor } from './workflow/workflow-executor.js';
import { parseWorkflow } from './workflow/workflow-file.js';
import type { WorkflowDefinition, WorkflowInput } from './workflow/workflow-schema.js';

/** Events for UIs (spec: Event-Driven UI Interface). Payloads are the checkpointed JSON states. */
export interface OrchestratorEvents {
  /** A session changed state or stage. */
  session: [session: WorkflowSessionState];
  /** A task changed state (RUNNING, AWAITING_INTERACTION, WAITING_FOR_USER, DONE, FAILED…). */
  task: [task: TaskState, session: WorkflowSessionState];
  /** A task — focused or not — waits for a person: attach or answer it. */
  'interaction-needed': [task: TaskState, session: WorkflowSessionState];
  /** An answer handler answered a prompt; no person was asked. */
  'auto-answered': [task: TaskState, action: AnswerAction, session: WorkflowSessionState];
  /** Raw PTY output of a task. Emitted only; never written to stdout. */
  output: [taskId: string, data: string];
}

export interface OrchestratorOptions {
  /** Where checkpoints (workflows/) and adapters.yaml live: GATEHOUSE_HOME. */
  dataDir: string;
  /** How programs are started (default: the PTY mediation core). */
  spawnTerminal?: TerminalFactory;
}

export class UnknownTaskError extends Error {}

/**
 * The public API: start workflows, resume them from their checkpoint, and reach their tasks
 * (input, menu choice, attach). Spec: Orchestrator over SessionManager + WorkflowExecutor.
 */
export class Orchestrator extends EventEmitter<OrchestratorEvents> {
  readonly sessions: SessionManager;
  readonly executor: WorkflowExecutor;
  private readonly running = new Map<string, Promise<void>>();

  constructor(readonly options: OrchestratorOptions) {
    super();
    this.sessions = new SessionManager(options.dataDir);
    this.executor = new WorkflowExecutor(this.sessions, () => AdapterRegistry.load(options.dataDir), options.spawnTerminal ?? spawnPtyTaskTerminal);
    this.executor.on('session', (session) => this.emit('session', session));
    this.executor.on('task', (task, session) => this.emit('task', task, session));
    this.executor.on('needs-user', (task, session) => this.emit('interaction-needed', task, session));
    this.executor.on('auto-answered', (task, action, session) => this.emit('auto-answered', task, action, session));
    this.executor.on('data', (taskId, data) => this.emit('output', taskId, data));
  }

  /** Validate and start a workflow; returns its session at once (tasks run in the background). */
  start(workflow: WorkflowInput | WorkflowDefinition, options: { source?: string | null; cwd?: string } = {}): WorkflowSessionState {
    const definition = parseWorkflow(workflow);
    AdapterRegistry.load(this.options.dataDir); // surface a broken adapters.yaml before anything starts
    const session = this.sessions.create(definition, options);
    this.launch(session);
    return session;
  }

  /** Continue a checkpointed session from its currentStageIndex (tasks of that stage not DONE run again). */
  resume(sessionId: string): WorkflowSessionState {
    const session = this.sessions.get(sessionId);
    if (!session) throw new UnknownTaskError(`no workflow session "${sessionId}"`);
    if (this.running.has(sessionId)) throw new Error(`session ${sessionId} is already running`);
    if (session.status === 'DONE') throw new Error(`session ${sessionId} is already DONE`);
    this.launch(session);
    return session;
  }

  /** Resolves when the session is DONE or FAILED. */
  async finished(sessionId: string): Promise<WorkflowSessionState | null> {
    await this.running.get(sessionId);
    return this.sessions.get(sessionId);
  }

  /** Sessions whose checkpoint says they were running but no process of this orchestrator runs them. */
  markInterrupted(): WorkflowSessionState[] {
    const interrupted: WorkflowSessionState[] = [];
    for (const session of this.sessions.list()) {
      if (this.running.has(session.id) || (session.status !== 'RUNNING' && session.status !== 'AWAITING_INTERACTION')) continue;
      this.sessions.update(session, (s) => {
        s.status = 'INTERRUPTED';
        for (const task of s.tasks) {
          if (task.status !== 'DONE' && task.status !== 'FAILED') task.status = 'PENDING';
          task.alive = false;
          task.interaction = null;
        }
      });
      interrupted.push(session);
    }
    return interrupted;
  }

  listSessions(): WorkflowSessionState[] {
    return this.sessions.list();
  }

  /** Every task of every session, newest session first. */
  listTasks(): TaskState[] {
    return this.sessions.list().flatMap((s) => s.tasks);
  }

  /** A task by full id, or by name when exactly one task has it (live tasks preferred). */
  findTask(idOrName: string): { task: TaskState; session: WorkflowSessionState; runner: TaskRunner | undefined } | null {
    for (const session of this.sessions.list()) {
      const task = session.tasks.find((t) => t.id === idOrName);
      if (task) return { task, session, runner: this.executor.runners.get(task.id) };
    }
    const named = this.sessions.list().flatMap((session) => session.tasks.filter((t) => t.name === idOrName).map((task) => ({ task, session })));
    const live = named.filter((n) => this.executor.runners.get(n.task.id)?.terminal?.exited === false);
    const pick = live.length === 1 ? live[0] : named.length === 1 ? named[0] : null;
    return pick ? { ...pick, runner: this.executor.runners.get(pick.task.id) } : null;
  }

  /** The runner of a task whose process is alive. */
  liveRunner(idOrName: string): TaskRunner {
    const found = this.findTask(idOrName);
    if (!found) throw new UnknownTaskError(`no task "${idOrName}"`);
    const runner = found.runner;
    if (!runner?.terminal || runner.terminal.exited) throw new Error(`task ${found.task.id} has no running process (${found.task.status})`);
    return runner;
  }

  /** Stop one task's process (keepAlive tasks included). */
  async stopTask(idOrName: string): Promise<void> {
    const found = this.findTask(idOrName);
    if (!found) throw new UnknownTaskError(`no task "${idOrName}"`);
    await found.runner?.stop('stopped by a person');
  }

  /** Stop every live process (hub shutdown); running sessions end INTERRUPTED, resumable later. */
  async shutdown(): Promise<void> {
    await this.executor.interrupt();
    await Promise.all(this.running.values());
  }

  private launch(session: WorkflowSessionState): void {
    const run = this.executor.run(session).finally(() => this.running.delete(session.id));
    this.running.set(session.id, run);
  }
}
