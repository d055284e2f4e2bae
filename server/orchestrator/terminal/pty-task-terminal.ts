import { randomUUID } from 'node:crypto';
import { killMarkedProcesses, pickOption, keyNamed, pressInTurn, PtyProgram, typeAnswer, type Key } from '../../pty/index.js';
import { readMenu } from './menu-reading.js';
import { InputGuard } from './input-guard.js';
import { AGENT_STATE_OSC, parseAgentState, type AgentState } from './agent-state-osc.js';
import type { ChooseResult, TaskTerminal, TerminalLaunch, TerminalWait } from './task-terminal.js';
import { SecretFieldRelay } from './secret-field-relay.js';
import { interactiveEnvironment } from '../../pty/interactive-environment.js';
/** Transcripts up to this size are replayed to a client that attaches (colours and all); beyond, the visible rows. */
const REPLAY_LIMIT = 1 << 20;
/** Enter follows typed text by at least this much: Codex and Gemini CLI take text + Enter arriving together as a paste. */
const SUBMIT_GAP_MS = 50;
/** Set in every task's environment to a value of its own: what the task started is found by it after the task ends. */
export const TASK_RUN_MARK = 'GATEHOUSE_TASK_RUN';

/**
 * A task's program on the PTY mediation core (server/pty): PtyProgram gives the process, the headless
 * screen and input-wait detection; this adds the "once per wait" loop and the listener plumbing.
 */
export class PtyTaskTerminal implements TaskTerminal {
  readonly program: PtyProgram;
  exited = false;
  private readonly waitListeners = new Set<(wait: TerminalWait) => void>();
  private readonly stateListeners = new Set<(state: AgentState) => void>();
  private readonly exitListeners = new Set<(exit: { code: number | null; signal: number | null }) => void>();
  private wake: (() => void) | null = null;
  /** New output or input since the last wait fired. */
  private dirty = false;
  private exitInfo: { code: number | null; signal: number | null } | null = null;
  /** Resolves once the program exited and whatever it started has ended too. */
  private readonly ended: Promise<void>;
  /** Secret fields, masking, and the relay of output to attached viewers. */
  private readonly relay: SecretFieldRelay;

  constructor(launch: TerminalLaunch) {
    const mark = randomUUID();
    this.program = PtyProgram.spawn({
      command: launch.command,
      args: launch.args,
      cwd: launch.cwd,
      // A task inherits gatehouse's environment less CI's variables; a task that wants them sets them in its `env`.
      env: { ...interactiveEnvironment(), ...launch.env, [TASK_RUN_MARK]: mark },
      cols: launch.cols,
      rows: launch.rows,
    });
    this.relay = new SecretFieldRelay(launch.secretFields ?? [], {
      parsed: () => this.program.screenBuffer.parsed(),
      withCursor: () => this.screenWithCursor(),
      repaint: () => this.repaint(),
      exited: () => this.exited,
    });
    this.program.onData((data) => {
      this.poke();
      this.relay.relayOutput(data);
    });
    // The program's own state channel, parsed by the terminal with the output around it (in order).
    this.program.screenBuffer.term.parser.registerOscHandler(AGENT_STATE_OSC, (payload) => {
      const state = parseAgentState(payload);
      if (state) for (const listener of this.stateListeners) listener(state);
      return true;
    });
    this.program.onInput((data) => this.noteInput(data));
    this.ended = this.program.exited.then(async (exit) => {
      this.exited = true;
      this.wake?.();
      // The task ends with everything it started: its process group (PtyProgram) and children that left the group
      // (a daemon started with setsid), found by the mark in their environment. Only then is the exit reported.
      await killMarkedProcesses(TASK_RUN_MARK, mark).catch(() => undefined);
      this.exitInfo = { code: exit.exitCode, signal: exit.signal };
      for (const listener of this.exitListeners) listener(this.exitInfo);
      this.program.dispose();
    });
    void this.watchWaits();
  }

  get pid(): number {
    return this.program.pid;
  }

  get size(): { cols: number; rows: number } {
    const view = this.program.screenBuffer.term;
    return { cols: view.cols, rows: view.rows };
  }

  write(data: string): void {
    this.submitted = false;
    this.program.write(data);
    this.poke();
  }

  /** Named keys (`esc` and other aliases included) pressed one per write, each taken before the next; other strings typed as is. */
  async pressKeys(keys: string[]): Promise<void> {
    await this.acting(() => pressInTurn(this.program, keys.map((k): Key => keyNamed(k) ?? { text: k })));
  }

  /** While keys are pressed and checked, waits are the acting's own: none is reported (one is after it). */
  private acting<T>(act: () => Promise<T>): Promise<T> {
    this.submitted = false;
    return this.input.during(act);
  }

  /** Keys being pressed and checked; each acting's end makes the watch look again. */
  private readonly input = new InputGuard(() => this.poke());
  /** Inputs written so far (every key, a person's or gatehouse's own): a wait concluded across one is stale. */
  private inputs = 0;
  /** What the screen showed (text and cursor) right before the last input was written. */
  private screenAtInput: string | null = null;

  private noteInput(data: string): void {
    this.inputs++;
    this.screenAtInput = this.screenWithCursor();
    this.relay.noteInput(this.screenAtInput, data);
  }

  /** A field the CLI marks as a key is on the screen now. */
  secretFieldUp(): boolean {
    return this.relay.secretFieldUp();
  }

  /** The visible rows and the cursor, straight from the terminal buffer (cheap enough for every keystroke). */
  private screenWithCursor(): string {
    const term = this.program.screenBuffer.term;
    const buf = term.buffer.active;
    const rows = Array.from({ length: term.rows }, (_, i) => buf.getLine(buf.baseY + i)?.translateToString(true) ?? '');
    return `${buf.type} ${buf.cursorX},${buf.cursorY}\n${rows.join('\n')}`;
  }

  /**
   * The screen with one screenful of scrollback above it: all that a wait, the visible rows or a replay need —
   * the full scrollback (up to 10,000 rows) is slow to render on every wait after a program printed a lot.
   */
  private recentScreen() {
    return this.program.screen({ scrollback: this.program.screenBuffer.term.rows });
  }

  private visibleScreen(): string {
    const view = this.recentScreen();
    return this.relay.masked(view.lines.slice(-view.rows).join('\n'));
  }

  /**
   * The one place the orchestrator submits text (a person's, a policy's, a pending input): typed verbatim, then
   * Enter as a write of its own once the program drew the text and at least SUBMIT_GAP_MS later — in a cooked
   * terminal once the terminal echoed it (a hidden line — echo off, a password prompt — in one write). No Enter
   * when the text alone moved the program on; rejects, no Enter pressed, when the text was neither shown nor acted
   * on (pty/type-answer.ts).
   */
  async typeText(text: string, submit: boolean): Promise<void> {
    const typed = await this.acting(async () => {
      if (!submit) return void this.program.pressKeys([{ text }]);
      const result = await typeAnswer(this.program, text, { enterGapMs: SUBMIT_GAP_MS });
      this.submitted = result.ok;
      return result;
    });
    if (typed && !typed.ok) throw new Error(this.relay.masked(`the text was not submitted: ${typed.error}`));
  }

  /** The last input was a submitted line: until the program moves to a new line, the old screen is no question. */
  private submitted = false;

  /**
   * Picks option `index` of the list on screen with verified keys (Enter only with that row highlighted), or,
   * on a numbered list answered by typing, types its number. Refuses, pressing nothing more, when the screen
   * does not answer as planned.
   */
  async choose(index: number): Promise<ChooseResult> {
    const { reading } = readMenu(this.program);
    if (index < 0 || index >= reading.options.length) return { ok: false, error: `option ${index} is not on the screen (${reading.options.length} options)` };
    if (reading.answer_with === 'text' && reading.labels) {
      return this.typeText(reading.labels[index], true).then(
        () => ({ ok: true }),
        (error: Error) => ({ ok: false, error: error.message }),
      );
    }
    const result = await this.acting(() => pickOption(this.program, reading, index));
    return result.ok ? { ok: true } : { ok: false, error: this.relay.masked(result.error), wrongPick: result.wrongPick };
  }

  resize(cols: number, rows: number): void {
    this.program.resize(cols, rows);
  }

  screenText(): string {
    return this.relay.masked(this.program.screen().lines.join('\n'));
  }

  /** The transcript (colours and all) — unless it holds what was typed into a secret field: then the masked screen. */
  snapshot(): string {
    const transcript = this.program.transcript;
    if (transcript.length <= REPLAY_LIMIT && !this.relay.typed) return transcript;
    return this.repaint();
  }

  /** Bytes that repaint the visible rows (plain text, secrets masked) and put the cursor back. */
  private repaint(): string {
    const view = this.recentScreen();
    const visible = view.lines.slice(-view.rows).map((row) => this.relay.masked(row));
    const cursorRow = Math.max(1, view.cursor.line - (view.lines.length - visible.length) + 1);
    return `\x1b[2J\x1b[H${visible.join('\r\n')}\x1b[${cursorRow};${(view.cursor.column % view.cols) + 1}H${view.applicationCursor ? '\x1b[?1h' : ''}`;
  }

  onData(listener: (data: string) => void): () => void {
    return this.relay.onData(listener);
  }

  onWait(listener: (wait: TerminalWait) => void): () => void {
    this.waitListeners.add(listener);
    return () => this.waitListeners.delete(listener);
  }

  onAgentState(listener: (state: AgentState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  onExit(listener: (exit: { code: number | null; signal: number | null }) => void): () => void {
    if (this.exitInfo) {
      const info = this.exitInfo;
      queueMicrotask(() => listener(info));
      return () => undefined;
    }
    this.exitListeners.add(listener);
    return () => this.exitListeners.delete(listener);
  }

  async kill(): Promise<void> {
    await this.program.kill();
    await this.ended;
  }

  /** Fire each wait once; after one, sleep until new output or new input, then look again. */
  private async watchWaits(): Promise<void> {
    while (!this.exited) {
      // Reset before looking: output that arrives while the core decides makes us look again afterwards.
      this.dirty = false;
      const inputs = this.inputs;
      const result = await this.program.waitForInput({ timeoutMs: 60 * 60_000 });
      if (result !== 'waiting' || this.exited) continue;
      const holds = !this.input.active && (await this.stillWaiting(inputs));
      if (this.input.active) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = null;
        continue;
      }
      if (!holds) continue;
      const wait = this.describeWait();
      for (const listener of this.waitListeners) listener(wait);
      if (!this.dirty && !this.exited) await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }

  /**
   * The wait the core reported holds for the screen as it is now. Not when input was sent after the core began
   * looking (keys pressed meanwhile: the screen read is one the program has not answered yet — a policy would
   * answer it twice); not when output the program already wrote was still unread (quiet on our side only). (A
   * program still runnable — preempted mid-draw on a loaded machine — is no wait to the core itself.) Then the
   * caller looks again.
   */
  private async stillWaiting(inputs: number): Promise<boolean> {
    const changedAt = this.program.screenBuffer.meaningfulChangeAt;
    await new Promise((resolve) => setImmediate(resolve));
    await this.program.screenBuffer.parsed();
    if (this.exited || this.inputs !== inputs) return false;
    return this.program.screenBuffer.meaningfulChangeAt === changedAt;
  }

  private poke(): void {
    this.dirty = true;
    this.wake?.();
  }

  private describeWait(): TerminalWait {
    const view = this.recentScreen();
    const menu = readMenu(this.program);
    const screen = this.visibleScreen();
    return {
      prompt: this.relay.masked(menu.prompt),
      options: this.relay.typed ? menu.options.map((o) => ({ ...o, text: this.relay.masked(o.text) })) : menu.options,
      cursor: menu.cursor,
      screen,
      unchangedSinceInput: this.screenWithCursor() === this.screenAtInput,
      cursorLine: this.relay.masked((view.lines[view.cursor.line] ?? '').trimEnd()),
      drawn: menu.reading.kind !== 'none' && !(this.submitted && !this.program.lineFeedSinceInput()),
      block: menu.reading.screen === undefined ? undefined : this.relay.masked(menu.reading.screen),
    };
  }
}

export const spawnPtyTaskTerminal = (launch: TerminalLaunch): TaskTerminal => new PtyTaskTerminal(launch);

