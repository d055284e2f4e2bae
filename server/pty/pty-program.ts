import type { IPty } from 'node-pty';
import { nodePty } from './native-modules.js';
import { encodeKey, type Key } from './keys.js';
import { killProcessGroup } from './process-group.js';
import { TerminalScreen, type BlockLine, type ScreenView } from './terminal-screen.js';
import { readScreen, type Reading } from './reading.js';
import { bytesReadSince, bytesWrittenSince, foregroundIdlesOnTty, foregroundRunnable, foregroundWaitsOnTty, inputMarks, treeCpuTicks, type InputMark, ttyOf } from './proc-wait-state.js';
import { echoBytesAtMost, ttyModes, type TtyModes } from './tty-mode.js';
import { deferTeardownUntilDrained, holdSlaveUntilGone } from './hold-slave.js';

export interface PtySpawnOptions {
  command: string;
  args?: string[];
  cwd?: string;
  /** Full environment of the child (defaults to process.env). TERM defaults to xterm-256color. */
  env?: Record<string, string | undefined>;
  cols?: number;
  rows?: number;
}

export interface PtyExit {
  exitCode: number;
  signal: number | null;
  /** Every byte the program wrote, drained after exit. */
  output: string;
}

/** Longest usual spinner frame interval (cli-spinners): a spinner's next frame comes within this. */
const SPINNER_FRAME_MS = 150;
/** Share of one CPU above which a program counts as working, not waiting (clock ticks are 10 ms). */
const MAX_IDLE_CPU = 0.3;

export type WaitResult = 'waiting' | 'exited' | 'timeout';

export interface WaitOptions {
  /** Give up after this long (default 30 s). */
  timeoutMs?: number;
  /** Screen-settle fallback: quiet period, spinner-only changes ignored (default 150 ms). */
  settleMs?: number;
  /** Quiet period when the block is an arrow-key menu with its pointer on screen (default 50 ms). */
  menuSettleMs?: number;
  /** How often /proc is looked at while output is quiet (default 2 ms). */
  pollMs?: number;
}

/** How the last wait decided the program waits for input. */
export type WaitSignal = 'proc-read' | 'proc-poll' | 'screen-settle' | 'exit' | 'timeout';

/**
 * An interactive program in a pseudo-terminal, rendered by a headless terminal. The child leads its own
 * session and process group; `kill()` ends the whole group.
 */
export class PtyProgram {
  readonly pid: number;
  readonly screenBuffer: TerminalScreen;
  readonly exited: Promise<PtyExit>;
  /** Set once the program has exited (and its output was drained). */
  exitInfo: PtyExit | null = null;
  lastWaitSignal: WaitSignal | null = null;
  private readonly pty: IPty;
  private output = '';
  private tty: string | null = null;
  private readonly spawnedAt = Date.now();
  private atInput = new Map<number, InputMark>();
  private versionAtInput = 0;
  private inputAt = Date.now();
  private lastDataAt = 0;
  /** Bytes received from the program in all; bytes of the last input, and the most the terminal can echo of it. */
  private bytesIn = 0;
  private inputBytes = 0;
  private inputEcho = 0;
  /**
   * Where the count of bytes written vs received starts: at each input, and before any input at the first output
   * received (what a program writes while starting, e.g. to its own event descriptors, is left out of the count).
   */
  private outputMark: { marks: Map<number, InputMark>; bytesIn: number } | null = null;
  private readonly dataListeners = new Set<(chunk: string) => void>();

  private constructor(opts: PtySpawnOptions) {
    const env = { ...(opts.env ?? process.env) } as Record<string, string>;
    for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
    env.TERM ??= 'xterm-256color';
    const cols = opts.cols ?? 120;
    const rows = opts.rows ?? 30;
    this.pty = nodePty().spawn(opts.command, opts.args ?? [], { name: env.TERM, cols, rows, cwd: opts.cwd ?? process.cwd(), env });
    this.pid = this.pty.pid;
    // The slave's name, known before the child has set up its fds (node-pty keeps it as `_pty`).
    const slave = (this.pty as unknown as { _pty?: unknown })._pty;
    this.tty = typeof slave === 'string' && slave.startsWith('/dev/') ? slave : null;
    let slaveReleased = () => {};
    deferTeardownUntilDrained(this.pty, new Promise<void>((r) => (slaveReleased = r)));
    if (this.tty) this.releaseSlave = holdSlaveUntilGone(this.tty, this.pid, () => this.lastDataAt, () => this.exitInfo !== null, slaveReleased);
    else slaveReleased();
    this.screenBuffer = new TerminalScreen(cols, rows, (reply) => this.safeWrite(reply));
    this.pty.onData((chunk) => {
      this.lastDataAt = Date.now();
      this.bytesIn += Buffer.byteLength(chunk);
      this.outputMark ??= { marks: inputMarks(this.pid), bytesIn: this.bytesIn };
      this.output += chunk;
      this.screenBuffer.write(chunk);
      for (const l of this.dataListeners) l(chunk);
    });
    this.exited = new Promise((resolve) => {
      this.pty.onExit(async ({ exitCode, signal }) => {
        // node-pty emits exit after the master reported EOF/EIO; let the screen parse the tail too.
        this.releaseSlave();
        // A finished program leaves nothing behind: whatever of its group survives (a child that ignores
        // SIGHUP, started in the background) is ended too.
        void killProcessGroup(this.pid, 200);
        await this.screenBuffer.parsed();
        this.exitInfo = { exitCode, signal: signal || null, output: this.output };
        resolve(this.exitInfo);
      });
    });
  }

  static spawn(opts: PtySpawnOptions): PtyProgram {
    return new PtyProgram(opts);
  }

  /** Everything written by the program so far. */
  get transcript(): string {
    return this.output;
  }

  onData(listener: (chunk: string) => void): () => void {
    this.dataListeners.add(listener);
    return () => this.dataListeners.delete(listener);
  }

  /** Called right before each input is written (every key the acting helpers press included). */
  onInput(listener: () => void): () => void {
    this.inputListeners.add(listener);
    return () => this.inputListeners.delete(listener);
  }

  private readonly inputListeners = new Set<() => void>();

  /** Raw bytes to the program. Counts as input: a new block starts. */
  write(data: string): void {
    if (this.exitInfo) return;
    for (const l of this.inputListeners) l();
    this.atInput = inputMarks(this.pid);
    this.outputMark = { marks: this.atInput, bytesIn: this.bytesIn };
    this.inputBytes = Buffer.byteLength(data);
    this.inputEcho = echoBytesAtMost(data);
    this.versionAtInput = this.screenBuffer.version;
    this.inputAt = Date.now();
    this.screenBuffer.markInput();
    this.safeWrite(data);
  }

  /**
   * Presses keys, all in one write; arrows follow the terminal's cursor-key mode. Only for keys whose order a
   * program cannot confuse (text then Enter in a cooked terminal); to act on a menu use acting.ts, which
   * presses one key at a time and checks the screen in between.
   */
  pressKeys(keys: Key[]): void {
    const app = this.screenBuffer.applicationCursor;
    this.write(keys.map((k) => encodeKey(k, app)).join(''));
  }

  /** Presses one key (one write). */
  press(key: Key): void {
    this.pressKeys([key]);
  }

  /** The rendered screen; `scrollback` bounds the rows kept above the visible screen (default: all). */
  screen(opts: { scrollback?: number } = {}): ScreenView {
    return this.screenBuffer.view(opts);
  }

  blockSinceLastInput(): string[] {
    return this.screenBuffer.blockSinceLastInput();
  }

  /** The program drew a line feed since the last input. */
  lineFeedSinceInput(): boolean {
    return this.screenBuffer.lineFeedSinceInput();
  }

  /** The block with rows and styles (what `readScreen` reads best). */
  blockLines(): BlockLine[] {
    return this.screenBuffer.blockLines();
  }

  /**
   * What a person sees in the current block (the one screen reader). For an arrow-key menu, remembers its
   * prompt row so that a redraw after navigation keys is recognised as the same block.
   */
  read(): Reading {
    const reading = this.peek();
    this.screenBuffer.setAnchor(reading.answer_with === 'option' && reading.prompt_row >= 0 ? reading.prompt_row : null);
    return reading;
  }

  /** The reading of the current block, without anchoring it. */
  peek(): Reading {
    return readScreen(this.screenBuffer.blockLines(), this.screen());
  }

  /**
   * Resolves when the program waits for input ('waiting'), has exited, or the timeout passed. Fast path:
   * a foreground process sleeping in read() on the terminal (Linux /proc). Fallback: something was drawn
   * since the last input and the screen has not changed (spinner-only changes aside) for `settleMs`.
   */
  async waitForInput(opts: WaitOptions = {}): Promise<WaitResult> {
    const timeoutMs = opts.timeoutMs ?? 30_000;
    const settleMs = opts.settleMs ?? 150;
    const menuSettleMs = Math.min(settleMs, opts.menuSettleMs ?? 50);
    const pollMs = opts.pollMs ?? 2;
    const deadline = Date.now() + timeoutMs;
    let wake: (() => void) | null = null;
    const offParsed = this.screenBuffer.onParsed(() => wake?.());
    const cpu: Array<{ at: number; ticks: number }> = [];
    let readSeenSince: number | undefined;
    void this.exited.then(() => wake?.());
    try {
      if (!this.tty && Date.now() - this.spawnedAt > 50) this.tty = ttyOf(this.pid);
      for (;;) {
        if (this.exitInfo) return this.done('exit', 'exited');
        await this.screenBuffer.parsed();
        if (this.tty && foregroundWaitsOnTty(this.pid, this.tty, this.atInput)) {
          // Output written just before the read may still sit in the master: let the event loop take it.
          if (!(await this.outputTakenIn())) continue;
          // On a loaded machine what was written before the read can reach us well after the read shows in /proc:
          // wait until every byte written has arrived — or, where that cannot be told (it also wrote elsewhere, or
          // the echo of the input is not known), for the menu settle time — and with nothing drawn since the
          // input yet, give the prompt the settle time to arrive (a program that reads again without drawing
          // anything is still seen as waiting once that time is up).
          readSeenSince ??= Date.now();
          const blank = !this.screenBuffer.blockHasText();
          const arrived = this.outputDelivered() || Date.now() - Math.max(readSeenSince, this.lastDataAt) >= menuSettleMs;
          if (arrived && (!blank || Date.now() - readSeenSince >= settleMs)) return this.done('proc-read', 'waiting');
        } else if (this.drewSinceInput() && this.idlesOnTty() && !(await this.cookedTerminal()) && this.outputDelivered()) {
          // An event loop idling on the terminal with no timer due finished drawing: no need to wait for quiet.
          if (!(await this.outputTakenIn())) continue;
          return this.done('proc-poll', 'waiting');
        } else if (this.settled(settleMs, menuSettleMs, pollMs, cpu) && !(await this.cookedTerminal())) {
          return this.done('screen-settle', 'waiting');
        } else readSeenSince = undefined;
        if (Date.now() >= deadline) return this.done('timeout', 'timeout');
        await new Promise<void>((resolve) => {
          const t = setTimeout(() => {
            wake = null;
            resolve();
          }, pollMs);
          wake = () => {
            clearTimeout(t);
            wake = null;
            resolve();
          };
        });
      }
    } finally {
      offParsed();
    }
  }

  /**
   * The program took the last input in and waits for the next, as /proc shows it now: blocked in read() on the
   * terminal, or an event loop idling on it (see idlesOnTty) — with every byte it wrote received (see
   * outputDelivered). False where /proc cannot tell.
   */
  waitsForInputNow(): boolean {
    if (!this.tty || this.exitInfo) return false;
    return (foregroundWaitsOnTty(this.pid, this.tty, this.atInput) || this.idlesOnTty()) && this.outputDelivered();
  }

  /**
   * The program took the last input even if its screen shows no answer to it: it read exactly that many bytes
   * since it was sent, and waits again with everything it wrote received (waitsForInputNow). A program that read
   * anything else besides (a terminal reply, its own event descriptor) is not proven to have taken it — only one
   * that read exactly as many bytes from elsewhere while the input was still on its way would be mistaken.
   */
  tookLastInput(): boolean {
    return this.inputBytes > 0 && this.waitsForInputNow() && bytesReadSince(this.pid, this.atInput) === this.inputBytes;
  }

  /**
   * Every byte the program (and its children) wrote since the last input has reached us: what a program writes
   * to its terminal reaches the master a moment later (the kernel passes it on from a work queue), so a program
   * found waiting may still have part of its frame on the way. Written bytes count whatever they were written to
   * (a program writing elsewhere too is never found complete here); received bytes may include the terminal's
   * echo of the input, so unless the terminal was last seen not echoing, the most that echo can be is discounted.
   */
  private outputDelivered(): boolean {
    if (!this.outputMark) return false;
    const written = bytesWrittenSince(this.pid, this.outputMark.marks);
    const echo = this.modes?.echo === false ? 0 : this.inputEcho;
    return this.bytesIn - this.outputMark.bytesIn - echo >= written;
  }

  /**
   * A foreground process's event loop sleeps watching the terminal with no timer due within a spinner frame, no
   * thread running, and it ran and read since the last input: it draws nothing more until something arrives.
   */
  private idlesOnTty(): boolean {
    return this.tty !== null && foregroundIdlesOnTty(this.pid, this.tty, this.atInput, SPINNER_FRAME_MS);
  }

  private drewSinceInput(): boolean {
    return this.screenBuffer.version !== this.versionAtInput && this.screenBuffer.blockHasText();
  }

  /** Lets output already sent reach the screen (two turns of the event loop); false when some arrived. */
  async outputTakenIn(): Promise<boolean> {
    const seen = this.output.length;
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    await this.screenBuffer.parsed();
    return this.output.length === seen;
  }

  resize(cols: number, rows: number): void {
    if (this.exitInfo) return;
    this.pty.resize(cols, rows);
    this.screenBuffer.resize(cols, rows);
  }

  /** Ends the whole process group (HUP+TERM, then KILL) and waits for the exit to be reported. */
  async kill(graceMs = 500): Promise<PtyExit> {
    if (!this.exitInfo) await killProcessGroup(this.pid, graceMs);
    const timeout = new Promise<void>((r) => setTimeout(r, 3000).unref());
    await Promise.race([this.exited, timeout]);
    return this.exitInfo ?? { exitCode: -1, signal: 9, output: this.output };
  }

  /** Frees the headless terminal. Call after the program exited or was killed. */
  dispose(): void {
    this.screenBuffer.dispose();
  }

  private releaseSlave: () => void = () => {};

  /**
   * Settled: quiet (spinners aside), showing something besides spinners (a spinner alone is work), and not
   * busy computing. The caller also asks that the terminal is not in cooked mode — a program only finishing up
   * after its last prompt leaves it cooked; a program reading in cooked mode is caught by the /proc read check.
   * `cpu`: CPU samples kept across calls (one per poll).
   */
  private settled(settleMs: number, menuSettleMs: number, pollMs: number, cpu: Array<{ at: number; ticks: number }>): boolean {
    const drawn = this.screenBuffer.version !== this.versionAtInput;
    const spinnerWait = this.screenBuffer.maybeSpinnerStarting() ? SPINNER_FRAME_MS : 0;
    cpu.push({ at: Date.now(), ticks: treeCpuTicks(this.pid) });
    while (cpu.length > 2 && Date.now() - cpu[1].at >= settleMs) cpu.shift();
    const quiet = Date.now() - Math.max(this.screenBuffer.meaningfulChangeAt, this.inputAt);
    // A drawn arrow-key menu (a pointer row among aligned options) is a prompt's own shape: it needs a
    // shorter quiet period than arbitrary text.
    const needed = quiet >= menuSettleMs + spinnerWait && quiet < settleMs + spinnerWait && this.looksLikeMenu() ? menuSettleMs : settleMs;
    if (!drawn || quiet < needed + spinnerWait || !this.screenBuffer.blockHasText()) return false;
    // A program busy computing (its CPU time advancing) is not waiting, however still its screen.
    const last = cpu[cpu.length - 1];
    const from = cpu.find((c) => last.at - c.at <= needed + pollMs) ?? cpu[0];
    const window = Math.max(last.at - from.at, last.at - cpu[0].at >= needed ? needed : 0);
    const busy = ((last.ticks - from.ticks) * 10) / Math.max(window, 1) > MAX_IDLE_CPU;
    // On a loaded machine a working program gets a small share of a CPU (its ticks advance slowly) and its spinner
    // stalls: a foreground process that is runnable is not waiting, whatever its CPU share.
    return window >= needed && !busy && !foregroundRunnable(this.pid);
  }

  private looksLikeMenu(): boolean {
    const m = this.peek();
    return m.answer_with === 'option' && m.pointer_seen && m.options.length >= 2;
  }

  private cookedCheck: { at: number; version: number; cooked: boolean } | null = null;
  /** The terminal's modes as last read. */
  private modes: TtyModes | null = null;

  /** The terminal is in canonical (cooked) mode (re-read at most every 40 ms or when the screen changed). */
  async cookedTerminal(): Promise<boolean> {
    if (!this.tty) return false;
    const c = this.cookedCheck;
    if (c && c.version === this.screenBuffer.version && Date.now() - c.at < 40) return c.cooked;
    const at = Date.now();
    const version = this.screenBuffer.version;
    this.modes = await ttyModes(this.tty);
    const cooked = this.modes.canonical === true;
    this.cookedCheck = { at, version, cooked };
    return cooked;
  }

  /** The terminal's modes now: canonical (a whole line at Enter), echo (typed text shown by the terminal). */
  async terminalModes(): Promise<TtyModes> {
    this.tty ??= ttyOf(this.pid);
    if (!this.tty) return { canonical: null, echo: null };
    this.modes = await ttyModes(this.tty);
    return this.modes;
  }

  private done<T extends WaitResult>(signal: WaitSignal, result: T): T {
    this.lastWaitSignal = signal;
    return result;
  }

  private safeWrite(data: string): void {
    if (this.exitInfo || !data) return;
    try {
      this.pty.write(data);
    } catch {
      // the program is gone
    }
  }
}
