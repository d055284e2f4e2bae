import type { PtyProgram } from './pty-program.js';

/**
 * Answers a prompt by typing: the text verbatim, then Enter — unless (raw mode) the text alone already moved the
 * program on (a `(Y/n)` confirm that submits on `y` draws its answer and a line feed): an extra Enter would
 * land in whatever comes next.
 */
export async function typeAnswer(program: PtyProgram, text: string, opts: { settleMs?: number; timeoutMs?: number } = {}): Promise<void> {
  // In cooked mode the line discipline keeps typed text until Enter: nothing can have moved on.
  if (text && (await program.cookedTerminal())) {
    program.pressKeys([{ text }, 'enter']);
    return;
  }
  if (text) {
    program.pressKeys([{ text }]);
    const r = await program.waitForInput({ settleMs: opts.settleMs ?? 60, timeoutMs: opts.timeoutMs ?? 500 });
    if (r === 'exited' || program.lineFeedSinceInput()) return;
  }
  program.pressKeys(['enter']);
}
