import { EventEmitter } from 'node:events';
import type { IAgentAdapter } from '../adapters/adapter.js';
import type { PolicyAction, PolicyHandler } from '../policy/policy-types.js';
import { applyPolicyAction, handlerContext } from '../policy/policy-application.js';
import { classifyWait } from './wait-classifier.js';
import { dialogOn, insideTerminal, relayedWait, shownSinceInput } from '../policy/screen-dialogs.js';
import { compileHandler, resolveWithHandlers } from '../policy/standard-handlers.js';
import type { TaskTerminal, TerminalFactory, TerminalWait } from '../terminal/task-terminal.js';
import type { InteractionView, TaskState } from './task-types.js';
import type { TaskDefinition } from '../workflow/workflow-schema.js';
import type { HookedLaunch } from '../../agents/launch.js';
import { planTaskLaunch } from './task-launch.js';
import { TaskHookQuestions } from './task-hook-questions.js';
import { TaskScreenQuestions } from './task-screen-questions.js';
import { noteExplain, recordExplain, screenTail } from './task-explain.js';
import { TurnSignals } from './turn-signals.js';
import { HookProofGate } from './task-hook-proof.js';
import { StartScreens } from './task-start-screens.js';
import { hookAgent } from '../../agents/hook-agents.js';

export interface TaskRunnerEvents {
  /** The task's state changed (the caller checkpoints and broadcasts). */
  change: [];
  /** A policy answered an interaction without a person. */
  'auto-answered': [action: PolicyAction];
  /** The task waits for a person (WAITING_FOR_USER). */
  'needs-user': [];
  /** Raw output, for UIs that asked for it (attach). Never written anywhere by the orchestrator. */
  data: [data: string];
}

/**
 * Drives one task: launches its program through the adapter, and on every wait the PTY core detects
 * sends the next pending input (idle), lets the policy answer (autoApprove), or hands it to a person.
 */
export class TaskRunner extends EventEmitter<TaskRunnerEvents> {
  terminal: TaskTerminal | null = null;
  private readonly handlers: PolicyHandler[];
  private finished: Promise<void>;
  private finish!: () => void;
  /** What decides the next status change (recorded in the task's explain lines). */
  private signal = 'launch';
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
  /** Permission requests from the agent's own hook, answered as this task's interaction. */
  readonly hookQuestions: TaskHookQuestions;
  /** Questions read off the screen: answered by the task's policy, else by a person. */
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
    this.finished = new Promise((done) => (this.finish = done));
    // A policy never leaves the terminal: no pick or Enter on a known dialog's browser or device sign-in.
    const policy = (interaction: InteractionView) =>
      state.autoApprove ? insideTerminal(resolveWithHandlers(this.handlers, handlerContext(this.state, this.context.sessionGoal, interaction)), interaction, adapter.dialogs ?? []) : null;
    this.hookQuestions = new TaskHookQuestions({
      state,
      policy,
      screen: () => this.terminal?.screenText() ?? '',
      update: (change, signal) => {
        this.signal = signal;
        this.set(change);
      },
      needsUser: () => this.emit('needs-user'),
      autoAnswered: (action) => this.emit('auto-answered', action),
    });
    this.screenQuestions = new TaskScreenQuestions({
      state,
      policy,
      answer: (action) => {
        this.answeredItself = true;
        return this.acting(() => applyPolicyAction(this.terminal!, action, (reason) => this.stop(reason)));
      },
      update: (change, signal) => {
        if (signal !== undefined) this.signal = signal;
        this.set(change);
      },
      needsUser: () => this.emit('needs-user'),
      autoAnswered: (action) => this.emit('auto-answered', action),
    });
    this.cliName = adapter.hooks ? hookAgent(adapter.hooks).name : adapter.id;
    this.hookProof = new HookProofGate(
      {
        state,
        provenBy: () => this.hooked?.hooksProvenBy,
        running: (signal) => this.running(signal),
        note: (line) => this.note(line),
        stop: (reason) => this.stop(reason),
        released: (signal) => {
          if (this.state.status !== 'RUNNING' || this.busyActing > 0 || this.hookQuestions.asking) return;
          this.signal = `screen read as idle, then ${signal}`;
          this.onIdle();
        },
      },
      this.cliName,
    );
  }

  /** Resolves when the task is DONE or FAILED. */
  done(): Promise<void> {
    return this.finished;
  }

  start(): void {
    const { cwd, dataDir } = this.context;
    const plan = planTaskLaunch({ definition: this.definition, adapter: this.adapter, taskId: this.state.id, autoApprove: this.state.autoApprove, cwd, dataDir });
    if ('refused' in plan) return this.fail(plan.refused);
    const { launch, hooked } = plan;
    this.hooked = hooked;
    if (hooked) this.signal = `launch; ${hooked.note}`;
    const turns = new TurnSignals({ ended: (signal) => this.turnOver(signal), note: (line) => this.note(line) }, hooked?.turnEndHook ?? false, this.cliName);
    this.turns = turns;
    const startScreens = new StartScreens({ note: (line) => this.note(line) }, hooked?.screenAfterPrompt, this.adapter.detect.idleAfterState === true);
    this.startScreens = startScreens;
    this.set((t) => {
      t.command = [launch.command, ...launch.args];
      t.startedAt = new Date().toISOString();
    });
    let terminal: TaskTerminal;
    try {
      terminal = this.spawn(launch);
    } catch (error) {
      this.fail(`could not start ${launch.command}: ${(error as Error).message}`);
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
    this.set((t) => {
      t.pid = terminal.pid;
      t.alive = true;
      t.status = 'RUNNING';
    });
  }

  /** A person's raw keystrokes (attach); answers a waiting task. */
  write(data: string): void {
    if (!this.terminal || this.terminal.exited) throw new Error(`task ${this.state.id} has no running process`);
    this.answeredItself = false;
    this.terminal.write(data);
    this.resumeAfterInput();
  }

  /** A person's text (typed verbatim, then Enter unless submit is false). */
  async typeText(text: string, submit = true): Promise<void> {
    if (!this.terminal || this.terminal.exited) throw new Error(`task ${this.state.id} has no running process`);
    const notTyped = this.hookProof.notTyped();
    if (notTyped) throw new Error(`task ${this.state.id}: not typed — ${notTyped}`);
    this.answeredItself = false;
    await this.acting(() => this.terminal!.typeText(text, submit));
    this.resumeAfterInput();
  }

  async pressKeys(keys: string[]): Promise<void> {
    if (!this.terminal || this.terminal.exited) throw new Error(`task ${this.state.id} has no running process`);
    this.answeredItself = false;
    await this.acting(() => this.terminal!.pressKeys(keys));
    this.resumeAfterInput();
  }

  /**
   * A person picked option `index` of the detected menu: made with verified keys. When the screen does not
   * answer as planned nothing more is pressed, the task keeps waiting and the error says what was seen.
   */
  async choose(index: number): Promise<void> {
    const options = this.state.interaction?.options ?? [];
    if (!options.some((o) => o.index === index)) throw new Error(`option ${index} is not on the screen (${options.length} options)`);
    if (this.hookQuestions.choose(index)) return;
    this.answeredItself = false;
    const result = await this.acting(async () => {
      const made = await this.terminal!.choose(index);
      // The program took another option than the one checked before Enter: the task fails loudly and ends.
      if (!made.ok && made.wrongPick !== undefined) await this.stop(made.error);
      return made;
    });
    if (!result.ok) throw new Error(result.wrongPick !== undefined ? result.error : `the pick was not made: ${result.error}`);
    this.resumeAfterInput();
  }

  /** Waits detected while keys are being pressed and checked are the acting's own, not new interactions. */
  private async acting<T>(act: () => Promise<T>): Promise<T> {
    this.busyActing++;
    try {
      return await act();
    } finally {
      this.busyActing--;
      if (this.busyActing === 0 && this.afterActing) {
        const conclude = this.afterActing;
        this.afterActing = null;
        conclude();
      }
    }
  }

  private busyActing = 0;
  /** The program's exit, told while keys were being pressed: concluded once they were checked. */
  private afterActing: (() => void) | null = null;
  /**
   * The last input was gatehouse's own (a policy's answer, a pending input). Until the program shows a new
   * screen, a wait is on the very screen that input answered: acting again would answer one prompt twice.
   */
  private answeredItself = false;

  /** End the process (a DONE keepAlive task stays DONE; anything else becomes FAILED with `reason`). */
  async stop(reason = 'stopped'): Promise<void> {
    this.signal = reason;
    if (this.state.status !== 'DONE' && this.state.status !== 'FAILED') this.fail(reason);
    if (this.terminal && !this.terminal.exited) await this.terminal.kill();
  }

  private onWait(seen: TerminalWait): void {
    // A dialog the adapter knows is asked with its own question, its options that leave the terminal marked.
    const wait = relayedWait(seen, this.adapter.dialogs ?? []);
    const dialog = dialogOn(shownSinceInput(wait), this.adapter.dialogs ?? []) !== null;
    const status = this.state.status;
    // A wait while WAITING_FOR_USER means the screen changed meanwhile: read it again.
    if (status === 'DONE' || status === 'FAILED' || !this.definition.interactive || this.busyActing > 0) return;
    // The agent's own hook owns a permission question (its dialog may be drawn meanwhile): the screen is not read.
    if (this.hookQuestions.asking) return;
    if (this.answeredItself) {
      if (wait.unchangedSinceInput) return this.screenQuestions.unchangedAfterOwnAnswer(wait);
      this.answeredItself = false;
    }
    this.startScreens?.waitSeen(wait, dialog);
    // Nothing drawn since the last input (the echo of what was typed): the program has not asked anything yet. A
    // known dialog is drawn even without a new line (Codex redraws its screen in place).
    if (!wait.drawn && !dialog && this.state.pendingInputs.length === 0 && status === 'RUNNING') return;
    const kind = classifyWait(wait, this.adapter.detect, this.definition);
    const notIdleYet = this.startScreens?.notIdleYet(wait, kind === 'idle');
    if (notIdleYet) return this.running(`screen read as idle, but ${notIdleYet}`);
    if (kind === 'idle' && this.hookProof.awaiting) return this.hookProof.hold();
    // Once a turn started, the agent's own channels say when it is over; the screen only if they stay silent.
    if (kind !== 'idle') this.turns?.screenMoved();
    else if (this.turns && !this.turns.screenIdle()) return;
    this.signal = `screen read as ${kind === 'unknown' ? 'a question' : kind}`;
    if (kind === 'busy') return;
    // Without idle patterns (the generic adapter) every wait may take the next pending input.
    const knowsIdle = this.adapter.detect.idle.length > 0 || this.definition.idle.length > 0;
    if (kind === 'idle' || (kind === 'unknown' && !knowsIdle && this.state.pendingInputs.length > 0)) {
      this.onIdle();
      return;
    }
    if (kind === 'waiting' && this.hooked) {
      this.hookQuestions.holdScreenQuestion(() => {
        if (this.state.status !== 'DONE' && this.state.status !== 'FAILED') this.screenQuestions.ask(wait);
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
      this.set((t) => {
        t.pendingInputs = t.pendingInputs.slice(1);
        t.status = 'RUNNING';
        t.interaction = null;
      });
      this.answeredItself = true;
      this.startScreens?.inputSent(next);
      void this.acting(() => this.terminal!.typeText(next, true)).catch((error: Error) => this.screenQuestions.ownInputRefused(`pending input ${JSON.stringify(next)}: ${error.message}`));
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
    if (this.state.status !== 'WAITING_FOR_USER' || this.hookQuestions.asking || this.busyActing > 0) return;
    this.running("the CLI's own state channel says it works: the question on its screen is gone");
  }

  /** The task is RUNNING with no interaction; `signal` is what decided it (its explain line on a status change). */
  private running(signal: string): void {
    this.signal = signal;
    this.set((t) => {
      t.status = 'RUNNING';
      t.interaction = null;
    });
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
    this.note(signal);
  }

  /** An explain line that changes no status (none once the task is over: what came after does not explain it). */
  private note(line: string): void {
    if (this.state.status === 'DONE' || this.state.status === 'FAILED') return;
    noteExplain(this.state, line);
    this.emit('change');
  }

  private turnOver(signal: string): void {
    const status = this.state.status;
    if (status === 'DONE' || status === 'FAILED' || !this.definition.interactive || this.busyActing > 0 || this.hookQuestions.asking) return;
    if (status === 'WAITING_FOR_USER' || status === 'AWAITING_INTERACTION') return;
    this.signal = signal;
    this.onIdle();
  }

  private resumeAfterInput(): void {
    this.signal = "a person's input";
    if (this.state.status === 'WAITING_FOR_USER' || this.state.status === 'AWAITING_INTERACTION') {
      this.set((t) => {
        t.status = 'RUNNING';
        t.interaction = null;
      });
    }
  }

  private complete(): void {
    this.set((t) => {
      t.status = 'DONE';
      t.interaction = null;
      t.endedAt = new Date().toISOString();
    });
    this.finish();
    if (!this.definition.keepAlive) void this.terminal?.kill();
  }

  private fail(reason: string): void {
    this.set((t) => {
      t.status = 'FAILED';
      t.error = reason;
      t.interaction = null;
      t.endedAt = new Date().toISOString();
    });
    this.finish();
  }

  private onExit(code: number | null, signal: number | null): void {
    this.signal = code === null ? `process killed by signal ${signal}` : `process exited with code ${code}`;
    this.hookQuestions.end();
    this.turns?.dispose();
    this.hooked?.cleanup();
    this.set((t) => {
      t.alive = false;
      t.exitCode = code;
    });
    // The program's own words (the tail of its screen) say why, e.g. a flag this version refuses.
    const words = code === 0 || !this.terminal ? '' : screenTail(this.terminal.screenText());
    const conclude = () => this.concludeExit(code, signal, words);
    // Keys being pressed and checked conclude first: a pick the program took wrongly before exiting 0 fails the task.
    if (this.busyActing > 0) this.afterActing = conclude;
    else conclude();
  }

  private concludeExit(code: number | null, signal: number | null, words: string): void {
    if (this.state.status === 'DONE' || this.state.status === 'FAILED') {
      this.emit('change');
      return;
    }
    if (code === 0) this.complete();
    else this.fail(`${code === null ? `killed by signal ${signal}` : `exited with code ${code}`}${words ? `; its screen ended with:\n${words}` : ''}`);
  }

  private set(change: (task: TaskState) => void): void {
    const before = this.state.status;
    change(this.state);
    if (this.state.status !== before) recordExplain(this.state, this.signal);
    this.emit('change');
  }
}
