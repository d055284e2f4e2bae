import type { TerminalScreen } from './terminal-screen.js';
import type { Reading } from './reading.js';
import { bytesReadSince, bytesWrittenSince, foregroundIdlesOnTty, foregroundRunnable, foregroundWaitsOnTty, inputMarks, treeCpuTicks, type InputMark, ttyOf } from './proc-wait-state.js';
import { ttyModes, type TtyModes } from './tty-mode.js';
import { FrameMarker } from './frame-marker.js';

/** Longest usual spinner frame interval (cli-spinners): a spinner's next frame comes within this. */
const SPINNER_FRAME_MS = 150;
/** Share of one CPU above which a program counts as working, not waiting (clock ticks are 10 ms). */
const MAX_IDLE_CPU = 0.3;
/** How long an idle program's frame marker may be awaited before the screen settle may decide instead. */
const MARKER_PATIENCE_MS = 30;

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

/** What the input wait looks at of the program in the terminal (PtyProgram; read when needed, never copied). */
export interface WatchedProgram {
  readonly pid: number;
  readonly screenBuffer: TerminalScreen;
  /** Resolves once the program has exited; `exitInfo` is set from then on. */
  readonly exited: Promise<unknown>;
  readonly exitInfo: unknown;
  /** The one reader on the current block, without anchoring it. */
  peek(): Reading;
}

/**
 * Whether the program in a terminal waits for input: what it did since each input was sent and each output
 * received (/proc: blocked in read() on the terminal, an event loop idling on it, bytes read and written), the
 * terminal's modes, and the screen settling as the fallback. The program reports each input (`sent`) and each
 * chunk of output (`received`) to it.
 */
export class InputWait {
  lastWaitSignal: WaitSignal | null = null;
  /** When output last arrived from the program. */
  lastDataAt = 0;
  private tty: string | null;
  private atInput = new Map<number, InputMark>();
  private versionAtInput = 0;
  private inputAt: number;
  /** Bytes received from the program in all (markers aside); bytes of the last input. */
  private bytesIn = 0;
  private inputBytes = 0;
  /**
   * Where the count of bytes the program wrote starts: at each input, and before any input at the first output
   * received. Only whether it changed matters (see outputDelivered).
   */
  private outputMark: Map<number, InputMark> | null = null;
  /** Proof that what the program wrote to its terminal has all arrived (see outputDelivered). */
  private readonly frameMarker = new FrameMarker(() => this.tty);
  private cookedCheck: { at: number; version: number; cooked: boolean } | null = null;
  /** The terminal's modes as last read. */
  private modes: TtyModes | null = null;

  /** `tty`: the terminal's slave device when known at spawn (else looked up in /proc later). */
  constructor(
    private readonly program: WatchedProgram,
    tty: string | null,
    private readonly spawnedAt: number,
  ) {
    this.tty = tty;
    this.inputAt = spawnedAt;
  }

  private get screen(): TerminalScreen {
    return this.program.screenBuffer;
  }

  /**
   * A chunk of output arrived from the program (called before anything else sees it): returns it without the
   * frame markers gatehouse wrote (see FrameMarker) — what the screen, the transcript and watchers get.
   */
  received(raw: string): string {
    const chunk = this.frameMarker.strip(raw);
    if (!chunk) return chunk;
    this.lastDataAt = Date.now();
    this.bytesIn += Buffer.byteLength(chunk);
    this.outputMark ??= inputMarks(this.program.pid);
    return chunk;
  }

  /** Input is about to be written to the program: a new block starts. */
  sent(data: string): void {
    this.atInput = inputMarks(this.program.pid);
    this.outputMark = this.atInput;
    this.frameMarker.reset();
    this.inputBytes = Buffer.byteLength(data);
    this.versionAtInput = this.screen.version;
    this.inputAt = Date.now();
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
    const offParsed = this.screen.onParsed(() => wake?.());
    const cpu: Array<{ at: number; ticks: number }> = [];
    let readSeenSince: number | undefined;
    let idle: Awaited<ReturnType<InputWait['idleDelivery']>>;
    /** Since when an idle program's marker has been on its way (reset whenever it is not). */
    let markerPendingSince: number | undefined;
    void this.program.exited.then(() => wake?.());
    try {
      if (!this.tty && Date.now() - this.spawnedAt > 50) this.tty = ttyOf(this.program.pid);
      for (;;) {
        if (this.program.exitInfo) return this.done('exit', 'exited');
        await this.screen.parsed();
        if (this.tty && foregroundWaitsOnTty(this.program.pid, this.tty, this.atInput)) {
          // Output written just before the read may still sit in the master: let the event loop take it.
          if (!(await this.outputTakenIn())) continue;
          // On a loaded machine what was written before the read can reach us well after the read shows in /proc:
          // wait until every byte written has arrived — or, where that cannot be told (no marker could be placed
          // on the terminal, or the program keeps writing elsewhere), for the menu settle time — and with nothing
          // drawn since the input yet, give the prompt the settle time to arrive (a program that reads again
          // without drawing anything is still seen as waiting once that time is up).
          readSeenSince ??= Date.now();
          const blank = !this.screen.blockHasText();
          const arrived = this.outputDelivered() || Date.now() - Math.max(readSeenSince, this.lastDataAt) >= menuSettleMs;
          if (arrived && (!blank || Date.now() - readSeenSince >= settleMs)) return this.done('proc-read', 'waiting');
        } else if ((idle = await this.idleDelivery()) === 'arrived') {
          // An event loop idling on the terminal with no timer due finished drawing: no need to wait for quiet.
          markerPendingSince = undefined;
          if (!(await this.outputTakenIn())) continue;
          return this.done('proc-poll', 'waiting');
        } else if (idle === 'on-its-way' && Date.now() - (markerPendingSince ??= Date.now()) < MARKER_PATIENCE_MS) {
          // Its whole frame is proven in a moment (the marker comes back within a millisecond or so): look again
          // before the screen settle decides. A program that keeps writing elsewhere while it idles never gets
          // its proof (each write asks for a new marker): after the patience the screen settle decides.
        } else if (this.settled(settleMs, menuSettleMs, pollMs, cpu) && !(await this.cookedTerminal())) {
          return this.done('screen-settle', 'waiting');
        } else {
          readSeenSince = undefined;
          if (idle !== 'on-its-way') markerPendingSince = undefined;
        }
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
    if (!this.tty || this.program.exitInfo) return false;
    return (foregroundWaitsOnTty(this.program.pid, this.tty, this.atInput) || this.idlesOnTty()) && this.outputDelivered();
  }

  /**
   * The program took the last input even if its screen shows no answer to it: it read exactly that many bytes
   * since it was sent, and waits again with everything it wrote received (waitsForInputNow). A program that read
   * anything else besides (a terminal reply, its own event descriptor) is not proven to have taken it — only one
   * that read exactly as many bytes from elsewhere while the input was still on its way would be mistaken.
   */
  tookLastInput(): boolean {
    return this.inputBytes > 0 && this.waitsForInputNow() && bytesReadSince(this.program.pid, this.atInput) === this.inputBytes;
  }

  /**
   * Every byte the program (and its children) wrote to its terminal has reached us: what a program writes to its
   * terminal reaches the master a moment later (the kernel passes it on from a work queue), so a program found
   * waiting may still have part of its frame on the way. Told by a marker written to the terminal behind the
   * program's last write, come back with the program having written nothing since (FrameMarker): the first call
   * places it and answers false, a call a moment later can tell. (Bytes counted cannot tell: /proc counts what a
   * program writes to its own event descriptors and pipes too, and the terminal adds a CR to every LF.)
   */
  private outputDelivered(): boolean {
    return this.deliveryState() === 'arrived';
  }

  /**
   * For a program that drew since the last input and idles on the terminal in cooked mode no more: whether its
   * whole frame has arrived (deliveryState); 'unknown' for any other program.
   */
  private async idleDelivery(): Promise<'arrived' | 'on-its-way' | 'unknown'> {
    if (!this.drewSinceInput() || !this.idlesOnTty() || (await this.cookedTerminal())) return 'unknown';
    return this.deliveryState();
  }

  /** outputDelivered, telling 'on-its-way' (ask again in a moment) from 'unknown' (it cannot be told now). */
  private deliveryState(): 'arrived' | 'on-its-way' | 'unknown' {
    if (!this.outputMark) return 'unknown';
    return this.frameMarker.state(bytesWrittenSince(this.program.pid, this.outputMark));
  }

  /**
   * A foreground process's event loop sleeps watching the terminal with no timer due within a spinner frame, no
   * thread running, and it ran and read since the last input: it draws nothing more until something arrives.
   */
  private idlesOnTty(): boolean {
    return this.tty !== null && foregroundIdlesOnTty(this.program.pid, this.tty, this.atInput, SPINNER_FRAME_MS);
  }

  private drewSinceInput(): boolean {
    return this.screen.version !== this.versionAtInput && this.screen.blockHasText();
  }

  /** Lets output already sent reach the screen (two turns of the event loop); false when some arrived. */
  async outputTakenIn(): Promise<boolean> {
    const seen = this.bytesIn;
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    await this.screen.parsed();
    return this.bytesIn === seen;
  }

  /**
   * Settled: quiet (spinners aside), showing something besides spinners (a spinner alone is work), and not
   * busy computing. The caller also asks that the terminal is not in cooked mode — a program only finishing up
   * after its last prompt leaves it cooked; a program reading in cooked mode is caught by the /proc read check.
   * `cpu`: CPU samples kept across calls (one per poll).
   */
  private settled(settleMs: number, menuSettleMs: number, pollMs: number, cpu: Array<{ at: number; ticks: number }>): boolean {
    const drawn = this.screen.version !== this.versionAtInput;
    const spinnerWait = this.screen.maybeSpinnerStarting() ? SPINNER_FRAME_MS : 0;
    cpu.push({ at: Date.now(), ticks: treeCpuTicks(this.program.pid) });
    while (cpu.length > 2 && Date.now() - cpu[1].at >= settleMs) cpu.shift();
    const quiet = Date.now() - Math.max(this.screen.meaningfulChangeAt, this.inputAt);
    // A drawn arrow-key menu (a pointer row among aligned options) is a prompt's own shape: it needs a
    // shorter quiet period than arbitrary text.
    const needed = quiet >= menuSettleMs + spinnerWait && quiet < settleMs + spinnerWait && this.looksLikeMenu() ? menuSettleMs : settleMs;
    if (!drawn || quiet < needed + spinnerWait || !this.screen.blockHasText()) return false;
    // A program busy computing (its CPU time advancing) is not waiting, however still its screen.
    const last = cpu[cpu.length - 1];
    const from = cpu.find((c) => last.at - c.at <= needed + pollMs) ?? cpu[0];
    const window = Math.max(last.at - from.at, last.at - cpu[0].at >= needed ? needed : 0);
    const busy = ((last.ticks - from.ticks) * 10) / Math.max(window, 1) > MAX_IDLE_CPU;
    // On a loaded machine a working program gets a small share of a CPU (its ticks advance slowly) and its spinner
    // stalls: a foreground process that is runnable is not waiting, whatever its CPU share.
    return window >= needed && !busy && !foregroundRunnable(this.program.pid);
  }

  private looksLikeMenu(): boolean {
    const m = this.program.peek();
    return m.answer_with === 'option' && m.pointer_seen && m.options.length >= 2;
  }

  /** The terminal is in canonical (cooked) mode (re-read at most every 40 ms or when the screen changed). */
  private async cookedTerminal(): Promise<boolean> {
    if (!this.tty) return false;
    const c = this.cookedCheck;
    if (c && c.version === this.screen.version && Date.now() - c.at < 40) return c.cooked;
    const at = Date.now();
    const version = this.screen.version;
    this.modes = await ttyModes(this.tty);
    const cooked = this.modes.canonical === true;
    this.cookedCheck = { at, version, cooked };
    return cooked;
  }

  /** The terminal's modes now: canonical (a whole line at Enter), echo (typed text shown by the terminal). */
  async terminalModes(): Promise<TtyModes> {
    this.tty ??= ttyOf(this.program.pid);
    if (!this.tty) return { canonical: null, echo: null };
    this.modes = await ttyModes(this.tty);
    return this.modes;
  }

  private done<T extends WaitResult>(signal: WaitSignal, result: T): T {
    this.lastWaitSignal = signal;
    return result;
  }
}
