import { markOptions, pickOption, PtyProgram, readFullMenu, screenUntil, typeAnswer, type PtyExit, type Reading } from '../pty/index.js';
import type { AnswerPlan } from './answer-plan.js';

/** How many of the last lines a failure reason keeps. */
const TAIL_LINES = 40;

/**
 * Extra quiet asked of a prompt shown without a menu whose pointer was seen, unless the program was found blocked
 * in read() on its terminal: a screen that settled, or an event loop idle on the terminal — which a program
 * waiting on the network with its keys still watched (a spinner's stdin discarder, a keep-alive socket at exit)
 * looks like too.
 */
const TEXT_PROMPT_CONFIRM_MS = 400;

/** A prompt: the reading of the whole list (`full`) and of the screen as drawn (`visible`). */
export type TsciEvent = { kind: 'prompt'; menu: Reading; visible: Reading } | { kind: 'exit'; exit: PtyExit } | { kind: 'timeout' };

/**
 * What applying an answer came to: done, or refused with what was seen (nothing more pressed) — or, with
 * `wrongPick`, Enter was pressed and the program took that other option (the error says so).
 */
export type ApplyResult = { ok: true } | { ok: false; error: string; wrongPick?: string };

export interface TsciRunOptions {
  command: string[];
  cwd: string;
  env: Record<string, string>;
  /** No progress (neither a prompt nor an exit) for this long → timeout. */
  stepTimeoutMs: number;
  /** Terminal width (default 120). */
  cols?: number;
}

/** The reading as a person would tell two screens apart (where the highlight is does not make a new prompt). */
export const readingKey = (r: Reading) => JSON.stringify([r.kind, r.prompt, r.options, r.marked]);

/** One run of tsci in a pseudo-terminal: next prompt or exit, apply an answer (verified), kill. */
export class TsciRun {
  readonly program: PtyProgram;

  constructor(readonly opts: TsciRunOptions) {
    const [command, ...args] = opts.command;
    this.program = PtyProgram.spawn({ command, args, cwd: opts.cwd, env: opts.env, cols: opts.cols ?? 120, rows: 30 });
  }

  async next(): Promise<TsciEvent> {
    const r = await this.program.waitForInput({ timeoutMs: this.opts.stepTimeoutMs });
    if (r === 'exited') return { kind: 'exit', exit: await this.program.exited };
    if (r === 'timeout') return { kind: 'timeout' };
    let menu = this.program.read();
    const signal = this.program.lastWaitSignal;
    const weak = (signal === 'screen-settle' || signal === 'proc-poll') && (menu.answer_with === 'text' || !menu.pointer_seen);
    if (weak || (menu.kind === 'text' && !menu.typing)) {
      // Nothing but the screen says so, and no menu with a seen pointer: a program about to exit, or a spinner
      // not yet told from text (it takes a few frames), can look like this for a moment. A program may also read
      // the terminal before it draws anything (fzf asks the cursor position, then loads its list): text with no
      // typing field is confirmed the same way even when /proc says it waits. It is a prompt once the screen
      // stays as it is for TEXT_PROMPT_CONFIRM_MS (spinner-only changes aside, when told by the settle).
      const again = await this.confirmedQuiet();
      if (again === 'exited') return { kind: 'exit', exit: await this.program.exited };
      if (again === 'timeout') return { kind: 'timeout' };
      menu = this.program.read();
    }
    const deadline = Date.now() + this.opts.stepTimeoutMs;
    const working = (m: Reading) => m.kind === 'none' || (m.kind === 'text' && !m.typing && this.program.screenBuffer.spinningAlone());
    while (working(menu) && Date.now() < deadline) {
      // Nothing drawn yet (a full-screen program clearing its screen), or only a spinner moves and no typing field
      // waits: the program is working — wait for what it draws next.
      const changed = await this.changedFrom(menu, { cancelled: false }, deadline);
      if (this.program.exitInfo) return { kind: 'exit', exit: await this.program.exited };
      if (!changed) break;
      menu = this.program.read();
    }
    const full = await readFullMenu(this.program, menu);
    if (this.program.exitInfo) return { kind: 'exit', exit: this.program.exitInfo };
    return { kind: 'prompt', menu: full, visible: this.program.read() };
  }

  /**
   * Waits until the screen has stayed as it is for TEXT_PROMPT_CONFIRM_MS with the program waiting for input,
   * looking again after every change: 'waiting', or 'exited' / 'timeout' (no progress within the step timeout).
   */
  private async confirmedQuiet(): Promise<'waiting' | 'exited' | 'timeout'> {
    const deadline = Date.now() + this.opts.stepTimeoutMs;
    const waitNow = () => this.program.waitForInput({ timeoutMs: Math.max(1, deadline - Date.now()), settleMs: TEXT_PROMPT_CONFIRM_MS });
    for (;;) {
      const r = await waitNow();
      if (r !== 'waiting') return r;
      if (this.program.lastWaitSignal === 'screen-settle') return 'waiting';
      // Found by /proc (a read on the terminal, an event loop idling): that says nothing of the screen's quiet —
      // ask the screen for it, then ask again that the program waits (one starved of the CPU on a loaded machine
      // draws nothing for a while without waiting for anything) with nothing drawn since.
      const version = this.program.screenBuffer.version;
      const changed = await screenUntil(this.program, () => this.program.screenBuffer.version !== version, Date.now() + TEXT_PROMPT_CONFIRM_MS);
      if (changed === 'exited') return 'exited';
      if (Date.now() >= deadline) return 'timeout';
      if (changed === 'met') continue;
      const still = await waitNow();
      if (still !== 'waiting') return still;
      if (this.program.screenBuffer.version === version) return 'waiting';
    }
  }

  /** The whole list on screen now (after the screen changed). */
  async readAgain(): Promise<Reading> {
    return readFullMenu(this.program, this.program.read());
  }

  /**
   * Resolves with the new reading once the screen shows something else than `basis` (a spinner gave way to a
   * menu, the program re-rendered, a new prompt), or null when the program exited. A moving highlight alone
   * is not a change.
   */
  async changedFrom(basis: Reading, signal: { cancelled: boolean }, deadline = Infinity): Promise<Reading | null> {
    const key = readingKey(basis);
    while (!signal.cancelled && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = Number.isFinite(deadline) ? setTimeout(done, Math.max(1, deadline - Date.now())) : undefined;
        const off = this.program.onData(done);
        void this.program.exited.then(done);
        function done() {
          clearTimeout(timer);
          off();
          resolve();
        }
      });
      if (this.program.exitInfo) return null;
      const r = await this.program.waitForInput({ timeoutMs: this.opts.stepTimeoutMs });
      if (r === 'exited') return null;
      if (signal.cancelled) return null;
      if (r === 'waiting' && readingKey(this.program.peek()) !== key) return this.program.peek();
    }
    return null;
  }

  /**
   * Applies an answer with verified keys. After Enter on a menu the program collapses it and moves to a new
   * line: until it has (or exited), what is on screen is the menu being redrawn, not a new prompt — so wait.
   */
  async apply(plan: AnswerPlan, full: string[]): Promise<ApplyResult> {
    if ('text' in plan) {
      const typed = await typeAnswer(this.program, plan.text);
      return typed.ok ? { ok: true } : typed;
    }
    await this.program.screenBuffer.parsed();
    const now = this.program.read();
    let result;
    if ('pick' in plan) {
      const list = now.options.every((o) => full.includes(o)) ? full : now.options;
      const target = list.indexOf(plan.pick);
      if (target < 0) return { ok: false, error: `the menu on screen no longer has the option ${JSON.stringify(plan.pick)}; nothing was pressed\n--- screen ---\n${now.screen}` };
      result = await pickOption(this.program, now, target, list);
    } else {
      const targets = plan.mark.map((t) => now.options.indexOf(t));
      if (now.options.length !== full.length || targets.some((t) => t < 0)) {
        return { ok: false, error: `the checkbox list on screen is not the one read (or is longer than the window); nothing was pressed\n--- screen ---\n${now.screen}` };
      }
      result = await markOptions(this.program, now, targets);
    }
    if (!result.ok) return result;
    const deadline = Date.now() + Math.min(this.opts.stepTimeoutMs, 10_000);
    while (!this.program.exitInfo && !this.program.lineFeedSinceInput() && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 5));
    }
    return { ok: true };
  }

  /** Resolves with the exit if the program exits (e.g. while a selection waits on the agent). */
  get exited(): Promise<PtyExit> {
    return this.program.exited;
  }

  /**
   * What the program drew since the last input, as rendered (verbatim output, no escape codes), its last
   * `TAIL_LINES` lines: a program that printed a megabyte before failing gives a reason, not the megabyte (and
   * only that tail is rendered).
   */
  drawnSinceInput(): string {
    const tail = this.program.screenBuffer.blockTail(TAIL_LINES, { styles: false });
    let lines = tail.lines.map((l) => l.text);
    if (!lines.join('').trim()) return this.program.screen({ scrollback: 0 }).lines.slice(-20).join('\n').trim();
    while (lines.length && !lines[0].trim()) lines = lines.slice(1);
    const head = tail.omitted > 0 ? [`… (${tail.omitted} earlier lines left out)`] : [];
    return [...head, ...lines].map((l) => (l.length > 400 ? `${l.slice(0, 400)}…` : l)).join('\n');
  }

  async kill(): Promise<void> {
    await this.program.kill();
    this.program.dispose();
  }
}
