import type { PtyProgram } from './pty-program.js';

/**
 * Answers a prompt by typing: the text verbatim, then Enter — unless (raw mode) the text alone already moved the
 * program on (a `(Y/n)` confirm that submits on `y` draws its answer and goes to the next line): an extra Enter
 * would land in whatever comes next. The text still waiting where the cursor is (echoed in its field, even when
 * the program redrew the whole prompt around it) means Enter is still wanted. In raw mode Enter is a write of its
 * own, after the program drew the text, and no sooner than `enterGapMs` after it (a program that takes text and
 * Enter arriving together as a paste inserts a newline instead of submitting).
 */
export async function typeAnswer(program: PtyProgram, text: string, opts: { settleMs?: number; timeoutMs?: number; enterGapMs?: number } = {}): Promise<void> {
  // In cooked mode the line discipline keeps typed text until Enter: nothing can have moved on.
  if (text && (await program.cookedTerminal())) {
    program.pressKeys([{ text }, 'enter']);
    return;
  }
  if (text) {
    const typedAt = Date.now();
    program.pressKeys([{ text }]);
    const r = await program.waitForInput({ settleMs: opts.settleMs ?? 60, timeoutMs: opts.timeoutMs ?? 500 });
    if (r === 'exited') return;
    const view = program.screen();
    const cursorLine = (view.lines[view.cursor.line] ?? '').slice(0, view.cursor.column).trimEnd();
    const waitsInField = cursorLine.endsWith(text.trimEnd());
    if (program.lineFeedSinceInput() && !waitsInField) return;
    const gap = (opts.enterGapMs ?? 0) - (Date.now() - typedAt);
    if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
  }
  program.pressKeys(['enter']);
}
