import { EventEmitter } from 'node:events';
import { dirname } from 'node:path';
import type { AdapterRegistry } from '../adapters/adapter-registry.js';
import type { AnswerAction } from '../auto-answers/answer-types.js';
import type { SessionManager } from './session-manager.js';
import { TaskRunner } from '../task/task-runner.js';
import type { TerminalFactory } from '../terminal/task-terminal.js';
import type { TaskState, WorkflowSessionState } from '../task/task-types.js';
import { taskName, type TaskDefinition } from './workflow-schema.js';

export interface ExecutorEvents {
  session: [session: WorkflowSessionState];
  task: [task: TaskState, session: WorkflowSessionState];
  'needs-user': [task: TaskState, session: WorkflowSessionState];
  'auto-answered': [task: TaskState, action: AnswerAction, session: WorkflowSessionState];
  data: [taskId: string, data: string];
}

/**
 * Runs a session's stages in order from `currentStageIndex`: the tasks of a stage in parallel, the next
 * stage once all are DONE; a FAILED task fails its stage (the others of the stage are stopped) and the
 * session, with the reason. Checkpoints through the SessionManager on every change.
 */
export class WorkflowExecutor extends EventEmitter<ExecutorEvents> {
  /** Every runner this executor started, by task id (kept after DONE for keepAlive tasks). */
  readonly runners = new Map<string, TaskRunner>();
  /** Set when the host stops: stopped sessions end INTERRUPTED (resumable), not FAILED. */
  private interrupting = false;

  constructor(
    private readonly sessions: SessionManager,
    private readonly adapters: () => AdapterRegistry,
    private readonly spawn: TerminalFactory,
  ) {
    super();
  }

  /** Run from the session's current stage to the end. Resolves when the session is DONE or FAILED. */
  async run(session: WorkflowSessionState): Promise<void> {
    this.sessions.update(session, (s) => {
      s.status = 'RUNNING';
      s.error = null;
    });
    this.emit('session', session);
    const stages = session.workflow.stages;
    while (session.currentStageIndex < stages.length) {
      const index = session.currentStageIndex;
      const failure = await this.runStage(session, index);
      if (failure && this.interrupting) {
        this.sessions.update(session, (s) => (s.status = 'INTERRUPTED'));
        this.emit('session', session);
        return;
      }
      if (failure) {
        this.sessions.update(session, (s) => {
          s.status = 'FAILED';
          s.error = `stage ${index + 1}${stages[index].name ? ` (${stages[index].name})` : ''} failed: ${failure}`;
        });
        this.emit('session', session);
        return;
      }
      this.sessions.update(session, (s) => (s.currentStageIndex = index + 1));
      this.emit('session', session);
    }
    this.sessions.update(session, (s) => (s.status = 'DONE'));
    this.emit('session', session);
  }

  /** Stop every live process; sessions that were running end INTERRUPTED. */
  async interrupt(): Promise<void> {
    this.interrupting = true;
    await Promise.all([...this.runners.values()].map((r) => r.stop('interrupted: the hub stopped')));
  }

  /** Runs one stage; returns the failure reason, or null when every task is DONE. */
  private async runStage(session: WorkflowSessionState, stageIndex: number): Promise<string | null> {
    const definitions = session.workflow.stages[stageIndex].tasks;
    const runners: TaskRunner[] = [];
    definitions.forEach((definition, index) => {
      const state = this.prepareTask(session, stageIndex, index, definition);
      if (state.status === 'DONE') return; // finished before a resume: not run again
      const adapter = this.adapters().get(definition.adapter);
      const runner = new TaskRunner(state, definition, adapter ?? this.missingAdapter(definition.adapter), { sessionGoal: session.goal, cwd: session.cwd, dataDir: dirname(this.sessions.store.dir) }, this.spawn);
      this.wire(session, runner);
      runners.push(runner);
    });
    for (const runner of runners) {
      if (!this.adapters().get(runner.state.adapter)) void runner.stop(`unknown adapter "${runner.state.adapter}" (known: ${this.adapters().ids().join(', ')})`);
      else runner.start();
    }
    const failure = await this.firstFailureOrAllDone(runners);
    if (failure) {
      const reason = `task ${failure.state.name} failed: ${failure.state.error ?? 'unknown reason'}`;
      await Promise.all(runners.filter((r) => r !== failure).map((r) => r.stop(`stopped because ${failure.state.name} failed`)));
      return reason;
    }
    return null;
  }

  private firstFailureOrAllDone(runners: TaskRunner[]): Promise<TaskRunner | null> {
    return new Promise((resolve) => {
      let remaining = runners.length;
      if (remaining === 0) resolve(null);
      for (const runner of runners) {
        void runner.done().then(() => {
          if (runner.state.status === 'FAILED') resolve(runner);
          else if (--remaining === 0) resolve(null);
        });
      }
    });
  }

  /** The task's checkpointed state (fresh, or reset for a re-run after a resume). */
  private prepareTask(session: WorkflowSessionState, stage: number, index: number, definition: TaskDefinition): TaskState {
    const name = taskName(definition, stage, index);
    const id = `${session.id}.${name}`;
    const existing = session.tasks.find((t) => t.id === id);
    if (existing?.status === 'DONE') return existing;
    const fresh: TaskState = {
      id,
      stage,
      name,
      adapter: definition.adapter,
      goal: definition.goal ?? null,
      status: 'PENDING',
      autoApprove: definition.autoApprove,
      keepAlive: definition.keepAlive,
      pendingInputs: [...definition.pendingInputs],
      command: null,
      pid: null,
      interaction: null,
      error: null,
      exitCode: null,
      autoAnswered: 0,
      alive: false,
      startedAt: null,
      endedAt: null,
    };
    this.sessions.update(session, (s) => {
      s.tasks = [...s.tasks.filter((t) => t.id !== id), fresh];
    });
    return fresh;
  }

  private wire(session: WorkflowSessionState, runner: TaskRunner): void {
    this.runners.set(runner.state.id, runner);
    runner.on('change', () => {
      const state = runner.state;
      // A finished task whose process is gone needs no runner any more (long-lived hubs run many tasks).
      if ((state.status === 'DONE' || state.status === 'FAILED') && !state.alive && runner.terminal?.exited !== false) this.runners.delete(state.id);
      this.sessions.checkpoint(session);
      this.refreshSessionStatus(session);
      this.emit('task', runner.state, session);
    });
    runner.on('needs-user', () => this.emit('needs-user', runner.state, session));
    runner.on('auto-answered', (action) => this.emit('auto-answered', runner.state, action, session));
    runner.on('data', (data) => this.emit('data', runner.state.id, data));
  }

  /** AWAITING_INTERACTION while any task of the session waits for a person. */
  private refreshSessionStatus(session: WorkflowSessionState): void {
    if (session.status !== 'RUNNING' && session.status !== 'AWAITING_INTERACTION') return;
    const waiting = session.tasks.some((t) => t.status === 'WAITING_FOR_USER' || t.status === 'AWAITING_INTERACTION');
    const status = waiting ? 'AWAITING_INTERACTION' : 'RUNNING';
    if (status !== session.status) {
      this.sessions.update(session, (s) => (s.status = status));
      this.emit('session', session);
    }
  }

  private missingAdapter(id: string) {
    return {
      id,
      description: '',
      detect: { idle: [], busy: [], waiting: [] },
      getLaunchConfig: () => {
        throw new Error(`unknown adapter "${id}"`);
      },
    };
  }
}
