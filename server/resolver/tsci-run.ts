import { PtyProgram, readFullMenu, typeAnswer, type ParsedMenu, type PtyExit } from '../pty/index.js';
import type { AppliedAnswer } from './answer-keys.js';

/** Extra quiet asked of a prompt seen only by its screen settling and shown without options. */
const TEXT_PROMPT_CONFIRM_MS = 400;

export type TsciEvent = { kind: 'prompt'; menu: ParsedMenu } | { kind: 'exit'; exit: PtyExit } | { kind: 'timeout' };

export interface TsciRunOptions {
  command: string[];
  cwd: string;
  env: Record<string, string>;
  /** No progress (neither a prompt nor an exit) for this long → timeout. */
  stepTimeoutMs: number;
}

/** One run of tsci in a pseudo-terminal: next prompt or exit, apply an answer, kill. */
export class TsciRun {
  readonly program: PtyProgram;

  constructor(readonly opts: TsciRunOptions) {
    const [command, ...args] = opts.command;
    this.program = PtyProgram.spawn({ command, args, cwd: opts.cwd, env: opts.env, cols: 120, rows: 30 });
  }

  async next(): Promise<TsciEvent> {
    const r = await this.program.waitForInput({ timeoutMs: this.opts.stepTimeoutMs });
    if (r === 'exited') return { kind: 'exit', exit: await this.program.exited };
    if (r === 'timeout') return { kind: 'timeout' };
    let menu = this.program.menu();
    if (this.program.lastWaitSignal === 'screen-settle' && menu.answer_with === 'text') {
      // Nothing but the screen says so, and no menu: a program about to exit can look like this for a moment.
      const again = await this.program.waitForInput({ timeoutMs: this.opts.stepTimeoutMs, settleMs: TEXT_PROMPT_CONFIRM_MS });
      if (again === 'exited') return { kind: 'exit', exit: await this.program.exited };
      if (again === 'timeout') return { kind: 'timeout' };
      menu = this.program.menu();
    }
    menu = await readFullMenu(this.program, menu);
    if (this.program.exitInfo) return { kind: 'exit', exit: this.program.exitInfo };
    return { kind: 'prompt', menu };
  }

  /**
   * Applies an answer. After Enter on a menu the program collapses it and moves to a new line: until it has
   * (or exited), what is on screen is the menu being redrawn, not a new prompt — so wait for that first.
   */
  async apply(answer: AppliedAnswer): Promise<void> {
    if (!('keys' in answer)) return typeAnswer(this.program, answer.text);
    this.program.pressKeys(answer.keys);
    await this.program.screenBuffer.parsed();
    const deadline = Date.now() + Math.min(this.opts.stepTimeoutMs, 10_000);
    while (!this.program.exitInfo && !this.program.lineFeedSinceInput() && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  /** Resolves with the exit if the program exits (e.g. while a selection waits on the agent). */
  get exited(): Promise<PtyExit> {
    return this.program.exited;
  }

  /** What the program drew since the last input, as rendered (verbatim output, no escape codes). */
  drawnSinceInput(): string {
    const block = this.program.blockSinceLastInput().join('\n').trim();
    return block || this.program.screen().lines.slice(-20).join('\n').trim();
  }

  async kill(): Promise<void> {
    await this.program.kill();
    this.program.dispose();
  }
}
