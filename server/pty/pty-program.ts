import type { IPty } from 'node-pty';
import { nodePty } from './native-modules.js';
import { encodeKey, type Key } from './keys.js';
import { killProcessGroup } from './process-group.js';
import { TerminalScreen, type BlockLine, type ScreenView } from './terminal-screen.js';
import { readScreen, type Reading } from './reading.js';
import type { TtyModes } from './tty-mode.js';
import { deferTeardownUntilDrained, holdSlaveUntilGone } from './hold-slave.js';
import { InputWait, type WaitOptions, type WaitResult, type WaitSignal } from './input-wait.js';

export type { WaitOptions, WaitResult, WaitSignal } from './input-wait.js';

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
  private readonly pty: IPty;
  private output = '';
  private readonly spawnedAt = Date.now();
  /** Whether the program waits for input (told every input and output). */
  private readonly inputWait: InputWait;
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
    const tty = typeof slave === 'string' && slave.startsWith('/dev/') ? slave : null;
    this.inputWait = new InputWait(this, tty, this.spawnedAt);
    let slaveReleased = () => {};
    deferTeardownUntilDrained(this.pty, new Promise<void>((r) => (slaveReleased = r)));
    if (tty) this.releaseSlave = holdSlaveUntilGone(tty, this.pid, () => this.inputWait.lastDataAt, () => this.exitInfo !== null, slaveReleased);
    else slaveReleased();
    this.screenBuffer = new TerminalScreen(cols, rows, (reply) => this.safeWrite(reply));
    this.pty.onData((raw) => {
      const chunk = this.inputWait.received(raw);
      if (!chunk) return;
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

  /** Called right before each input is written (every key the acting helpers press included), with its bytes. */
  onInput(listener: (data: string) => void): () => void {
    this.inputListeners.add(listener);
    return () => this.inputListeners.delete(listener);
  }

  private readonly inputListeners = new Set<(data: string) => void>();

  /** Raw bytes to the program. Counts as input: a new block starts. */
  write(data: string): void {
    if (this.exitInfo) return;
    for (const l of this.inputListeners) l(data);
    this.inputWait.sent(data);
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

  /** How the last waitForInput decided the program waits for input. */
  get lastWaitSignal(): WaitSignal | null {
    return this.inputWait.lastWaitSignal;
  }

  /** Resolves when the program waits for input, has exited, or the timeout passed (see InputWait.waitForInput). */
  waitForInput(opts: WaitOptions = {}): Promise<WaitResult> {
    return this.inputWait.waitForInput(opts);
  }

  /** The program took the last input in and waits for the next, as /proc shows it now (InputWait.waitsForInputNow). */
  waitsForInputNow(): boolean {
    return this.inputWait.waitsForInputNow();
  }

  /** The program read exactly the last input's bytes and waits again (InputWait.tookLastInput). */
  tookLastInput(): boolean {
    return this.inputWait.tookLastInput();
  }

  /** Lets output already sent reach the screen (two turns of the event loop); false when some arrived. */
  outputTakenIn(): Promise<boolean> {
    return this.inputWait.outputTakenIn();
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

  /** The terminal's modes now: canonical (a whole line at Enter), echo (typed text shown by the terminal). */
  terminalModes(): Promise<TtyModes> {
    return this.inputWait.terminalModes();
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
