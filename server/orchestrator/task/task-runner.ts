import { EventEmitter } from 'node:events';
import type { IAgentAdapter } from '../adapters/adapter.js';
import type { AnswerAction, AnswerHandler } from '../auto-answers/answer-types.js';
import { applyAnswer, handlerContext } from '../auto-answers/apply-answer.js';
import { insideTerminal } from '../auto-answers/screen-dialogs.js';
import { compileHandler, resolveWithHandlers } from '../auto-answers/standard-handlers.js';
import type { TaskTerminal, TerminalFactory, TerminalWait } from '../terminal/task-terminal.js';
import type { InteractionView, TaskState } from './task-types.js';
import type { TaskDefinition } from '../workflow/workflow-schema.js';
import type { HookedLaunch } from '../../agents/launch.js';
import { planTaskLaunch } from './task-launch.js';
import { TaskHookQuestions } from './task-hook-questions.js';
import { TaskScreenQuestions } from './task-screen-questions.js';
import { screenTail } from './task-explain.js';
import { exitFailure, TaskLifecycle } from './task-lifecycle.js';
import { routeWait } from './wait-routing.js';
import { TaskInput } from './task-input.js';
import { TurnSignals } from './turn-signals.js';
import { HookProofGate } from './task-hook-proof.js';
import { StartScreens } from './task-start-screens.js';
import { hookAgent } from '../../agents/hook-agents.js';
import type { TaskRunnerEvents } from './task-runner-events.js';

/**
 * Drives one task: launches its program through the adapter, and on every wait the PTY core detects
 * sends the next pending input (idle), lets an answer handler answer (autoApprove), or hands it to a person.
 */
export class TaskRunner extends EventEmitter<TaskRunnerEvents> {
  terminal: TaskTerminal | null = null;
  private readonly handlers: AnswerHandler[];
  /** The task's status changes, each with the signal that decided it, and its end. */
  private readonly life: TaskLifecycle;
  /** Input to the program (a person's, gatehouse's own), inside the guard while keys are pressed and checked. */
  private readonly input: TaskInput;
  /** The agent's own hooks wired for this run (permission + turn end), if its adapter names them. */
  private hooked: HookedLaunch | null = null;
  /** What says a turn gatehouse prompted is over: the CLI's own state channel or turn-end hook, else the screen. */
  private turns: TurnSignals | null = null;
  /** Whether a prompt read as idle while the CLI starts is the one to type at (set at start). */
  private startScreens: StartScreens | null = null;
  /** Nothing is typed until the hooks of a CLI whose hook is its only gate are seen to run. */
  private readonly hookProof: HookProofGate;
  /** The CLI's name in explain lines and errors. */
  private readonly cliName: string;
  /** What the permission policy needs of this task: its id, working folder and own rules (workflow `policy`). */
  get permissionScope(): { task: string; cwd: string; rules: TaskDefinition['policy'] | null } {
    return { task: this.state.id, cwd: this.context.cwd, rules: this.definition.policy ?? null };
  }
  /** Permission requests from the agent's own hook, answered as this task's interaction. */
  readonly hookQuestions: TaskHookQuestions;
  /** Questions read off the screen: answered by the task's answer handlers, else by a person. */
  private readonly screenQuestions: TaskScreenQuestions;

  constructor(
    readonly state: TaskState,
    private readonly definition: TaskDefinition,
    private readonly adapter: IAgentAdapter,
    private readonly context: { sessionGoal: string | null; cwd: string; dataDir?: string },
    private readonly spawn: TerminalFactory,
  ) {
    super();
    this.handlers = [...definition.handlers.map(compileHandler), ...(adapter.autoPolicy?.handlers ?? [])];
    this.life = new TaskLifecycle(state, () => this.emit('change'));
    // An answer handler never leaves the terminal: no pick or Enter on a known dialog's browser or device sign-in.
    const autoAnswer = (interaction: InteractionView) =>
      state.autoApprove ? insideTerminal(resolveWithHandlers(this.handlers, handlerContext(this.state, this.context.sessionGoal, interaction)), interaction, adapter.dialogs ?? []) : null;
    // What the questions tell the runner's listeners: a person is needed, an answer handler answered.
    const told = { needsUser: () => this.emit('needs-user'), autoAnswered: (action: AnswerAction) => this.emit('auto-answered', action) };
    this.hookQuestions = new TaskHookQuestions({
      state,
      autoAnswer,
      screen: () => this.terminal?.screenText() ?? '',
      update: (change, signal) => this.life.update(change, signal),
      ...told,
    });
    this.input = new TaskInput({
      life: this.life,
      terminal: () => this.terminal,
      hookQuestions: this.hookQuestions,
      notTyped: () => this.hookProof.notTyped(),
      stop: (reason) => this.stop(reason),
    });
    this.screenQuestions = new TaskScreenQuestions({
      state,
      autoAnswer,
      answer: (action) => {
        this.input.answeredItself = true;
        return this.input.acting(() => applyAnswer(this.terminal!, action, (reason) => this.stop(reason)));
      },
      update: (change, signal) => this.life.update(change, signal),
      ...told,
    });
    this.cliName = adapter.hooks ? hookAgent(adapter.hooks).name : adapter.id;
    this.hookProof = new HookProofGate(
      {
        state,
        provenBy: () => this.hooked?.hooksProvenBy,
        running: (signal) => this.life.running(signal),
        note: (line) => this.life.note(line),
        stop: (reason) => this.stop(reason),
        released: (signal) => {
          if (this.state.status !== 'RUNNING' || this.input.guard.active || this.hookQuestions.asking) return;
          this.life.signal = `screen read as idle, then ${signal}`;
          this.onIdle();
        },
      },
      this.cliName,
    );
  }

  /** Resolves when the task is DONE or FAILED. */
  done(): Promise<void> {
    return this.life.finished;
  }

  start(): void {
    const { cwd, dataDir } = this.context;
    const plan = planTaskLaunch({ definition: this.definition, adapter: this.adapter, taskId: this.state.id, autoApprove: this.state.autoApprove, cwd, dataDir });
    if ('refused' in plan) return this.life.fail(plan.refused);
    const { launch, hooked } = plan;
    this.hooked = hooked;
    if (hooked) this.life.signal = `launch; ${hooked.note}`;
    const turns = new TurnSignals({ ended: (signal) => this.turnOver(signal), note: (line) => this.life.note(line) }, hooked?.turnEndHook ?? false, this.cliName);
    this.turns = turns;
    const startScreens = new StartScreens({ note: (line) => this.life.note(line) }, hooked?.screenAfterPrompt, this.adapter.detect.idleAfterState === true);
    this.startScreens = startScreens;
    this.life.set((t) => {
      t.command = [launch.command, ...launch.args];
      t.startedAt = new Date().toISOString();
    });
    let terminal: TaskTerminal;
    try {
      terminal = this.spawn(launch);
    } catch (error) {
      this.life.fail(`could not start ${launch.command}: ${(error as Error).message}`);
      return;
    }
    this.terminal = terminal;
    terminal.onData((data) => {
      turns.screenMoved();
      this.emit('data', data);
    });
    terminal.onAgentState((state) => {
      turns.channelSaid(state);
      if (state.state === 'idle') startScreens.channelIdle();
      if (state.state === 'working') this.channelWorking();
    });
    terminal.onWait((wait) => this.onWait(wait));
    terminal.onExit(({ code, signal }) => this.onExit(code, signal));
    this.life.set((t) => {
      t.pid = terminal.pid;
      t.alive = true;
      t.status = 'RUNNING';
    });
  }

  /** A person's raw keystrokes (attach); answers a waiting task. */
  write(data: string): void {
    this.input.write(data);
  }

  /** A person's text (typed verbatim, then Enter unless submit is false). */
  typeText(text: string, submit = true): Promise<void> {
    return this.input.typeText(text, submit);
  }

  pressKeys(keys: string[]): Promise<void> {
    return this.input.pressKeys(keys);
  }

  /** A person picked option `index` of the detected menu, made with verified keys (refused with what was seen). */
  choose(index: number): Promise<void> {
    return this.input.choose(index);
  }

  /** End the process (a DONE keepAlive task stays DONE; anything else becomes FAILED with `reason`). */
  async stop(reason = 'stopped'): Promise<void> {
    this.life.signal = reason;
    if (!this.life.over) this.life.fail(reason);
    if (this.terminal && !this.terminal.exited) await this.terminal.kill();
  }

  private onWait(seen: TerminalWait): void {
    const decision = routeWait(seen, {
      state: this.state,
      definition: this.definition,
      adapter: this.adapter,
      acting: this.input.guard.active,
      hookAsking: this.hookQuestions.asking,
      hooked: this.hooked !== null,
      answeredItself: this.input.answeredItself,
      ownAnswerPassed: () => (this.input.answeredItself = false),
      hookProofAwaiting: this.hookProof.awaiting,
      startScreens: this.startScreens,
      turns: this.turns,
    });
    if (decision.act === 'ignore') return;
    if (decision.act === 'unchanged') return this.screenQuestions.unchangedAfterOwnAnswer(decision.wait);
    if (decision.act === 'running') return this.life.running(decision.signal);
    if (decision.act === 'hold') return this.hookProof.hold();
    this.life.signal = decision.signal;
    if (decision.act === 'busy') return;
    if (decision.act === 'idle') return this.onIdle();
    const { wait } = decision;
    if (decision.act === 'hook-first') {
      this.hookQuestions.holdScreenQuestion(() => {
        if (!this.life.over) this.screenQuestions.ask(wait);
      });
      return;
    }
    this.screenQuestions.ask(wait);
  }

  /** The agent's start hook (Gemini CLI `SessionStart`): its hooks run; an input held for that proof goes now. */
  hooksRun(signal: string): void {
    this.hookProof.hooksRun(signal);
  }

  /** interaction_idle: send the next pending input, or the task is DONE. */
  private onIdle(): void {
    const next = this.state.pendingInputs[0];
    if (next !== undefined) {
      this.life.set((t) => {
        t.pendingInputs = t.pendingInputs.slice(1);
        t.status = 'RUNNING';
        t.interaction = null;
      });
      this.input.answeredItself = true;
      this.startScreens?.inputSent(next);
      void this.input.acting(() => this.terminal!.typeText(next, true)).catch((error: Error) => this.screenQuestions.ownInputRefused(`pending input ${JSON.stringify(next)}: ${error.message}`));
      this.turns?.promptSent();
      return;
    }
    this.complete();
  }

  /**
   * The CLI's own state channel says it works while the task waits for a person on a question read off its
   * screen: that question is gone (Codex submitted the input it kept through its first-run dialogs).
   */
  private channelWorking(): void {
    if (this.state.status !== 'WAITING_FOR_USER' || this.hookQuestions.asking || this.input.guard.active) return;
    this.life.running("the CLI's own state channel says it works: the question on its screen is gone");
  }

  /** The agent's own turn-end hook (Claude Code / Codex `Stop`): idle at its prompt, like a screen idle. */
  turnEnded(signal: string): void {
    if (this.turns && !this.turns.hookSaid(signal)) return;
    this.turnOver(signal);
  }

  /**
   * The agent's own notice hook (Claude Code `Notification`): recorded in the explain lines; one saying it waits
   * for the person's input (`idle_prompt`) ends the turn like its Stop hook would (a Stop hook lost on the way).
   */
  noticed(signal: string, waitsForInput: boolean): void {
    if (waitsForInput) return this.turnEnded(signal);
    this.life.note(signal);
  }

  private turnOver(signal: string): void {
    const status = this.state.status;
    if (status === 'DONE' || status === 'FAILED' || !this.definition.interactive || this.input.guard.active || this.hookQuestions.asking) return;
    if (status === 'WAITING_FOR_USER' || status === 'AWAITING_INTERACTION') return;
    this.life.signal = signal;
    this.onIdle();
  }

  private complete(): void {
    this.life.complete();
    if (!this.definition.keepAlive) void this.terminal?.kill();
  }

  private onExit(code: number | null, signal: number | null): void {
    this.life.signal = code === null ? `process killed by signal ${signal}` : `process exited with code ${code}`;
    this.hookQuestions.end();
    this.turns?.dispose();
    this.hooked?.cleanup();
    this.life.set((t) => {
      t.alive = false;
      t.exitCode = code;
    });
    // The program's own words (the tail of its screen) say why, e.g. a flag this version refuses.
    const words = code === 0 || !this.terminal ? '' : screenTail(this.terminal.screenText());
    // Keys being pressed and checked conclude first: a pick the program took wrongly before exiting 0 fails the task.
    this.input.guard.afterwards(() => {
      if (this.life.over) return void this.emit('change');
      const failure = exitFailure(code, signal, words);
      if (failure === null) this.complete();
      else this.life.fail(failure);
    });
  }
}
