import type { PtyProgram } from './pty-program.js';
import { screenUntil } from './screen-waits.js';
import { isSpinnerVariant } from './spinner-variant.js';

/**
 * `hidden`: typed into a line the terminal does not show (canonical mode with echo off — a password prompt),
 * Enter pressed without the text seen. A refusal pressed no Enter; the typed text was not taken back.
 */
export type TypeResult = { ok: true; hidden?: boolean } | { ok: false; error: string };

/** How long the typed text may take to show (or the screen to answer it) before typing is refused. */
const SHOW_TIMEOUT_MS = 2000;

/**
 * Answers a prompt by typing: the text verbatim, then Enter — only once the screen shows the text (echoed in its
 * field) or otherwise answered it (a mask drawn, a list filtered, the prompt gone): text that was neither shown nor
 * acted on is refused, no Enter pressed, saying what was seen. The one exception is a hidden line: a canonical
 * terminal with echo off (getpass, `read -s`) — the program's own terminal modes say it reads a whole line and
 * shows nothing, so the text and Enter are typed unseen (`hidden: true`), as a person types a password.
 *
 * In raw mode no Enter follows when the text alone already moved the program on (a `(Y/n)` confirm that submits
 * on `y` draws its answer and goes to the next line): an extra Enter would land in whatever comes next. The text
 * still waiting where the cursor is (even when the program redrew the whole prompt around it) means Enter is
 * still wanted. There Enter is a write of its own, after the program drew the text, and no sooner than
 * `enterGapMs` after it (a program that takes text and Enter arriving together as a paste inserts a newline
 * instead of submitting). A program that exits on the text has taken it.
 */
export async function typeAnswer(program: PtyProgram, text: string, opts: { settleMs?: number; timeoutMs?: number; enterGapMs?: number } = {}): Promise<TypeResult> {
  if (!text) {
    program.pressKeys(['enter']);
    return { ok: true };
  }
  const modes = await program.terminalModes();
  if (modes.canonical === true && modes.echo === false) {
    // The line discipline holds the hidden line until Enter: nothing can act on the text before it.
    program.pressKeys([{ text }, 'enter']);
    return { ok: true, hidden: true };
  }
  await program.screenBuffer.parsed();
  const before = visible(program);
  const typedAt = Date.now();
  program.pressKeys([{ text }]);
  const answered = () => shownAtCursor(program, text) || changedSince(before, visible(program));
  if (modes.canonical === true) {
    // Cooked with echo: the terminal shows the text as it is taken; Enter once it is on screen.
    const outcome = await screenUntil(program, answered, Date.now() + Math.max(opts.timeoutMs ?? 0, SHOW_TIMEOUT_MS));
    if (outcome === 'exited') return { ok: true };
    if (outcome === 'timeout') return refusal(program, text);
    program.pressKeys(['enter']);
    return { ok: true };
  }
  const r = await program.waitForInput({ settleMs: opts.settleMs ?? 60, timeoutMs: opts.timeoutMs ?? 500 });
  if (r === 'exited') return { ok: true };
  if (!answered() && (await screenUntil(program, answered, Date.now() + SHOW_TIMEOUT_MS)) !== 'met') {
    return program.exitInfo ? { ok: true } : refusal(program, text);
  }
  // An Ink CLI (Qwen Code) redraws its input box in place and leaves the cursor on an empty line under it.
  const waitsInField = shownAtCursor(program, text) || (visible(program).cursor === before.cursor && endsARow(program, text));
  if (program.lineFeedSinceInput() && !waitsInField) return { ok: true };
  const gap = (opts.enterGapMs ?? 0) - (Date.now() - typedAt);
  if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
  program.pressKeys(['enter']);
  return { ok: true };
}

interface Visible {
  lines: string[];
  cursor: string;
}

function visible(program: PtyProgram): Visible {
  const view = program.screen({ scrollback: 0 });
  return { lines: view.lines, cursor: `${view.cursor.line},${view.cursor.column}` };
}

/** The screen answered: the cursor moved, or a row changed by more than a spinner animating. */
function changedSince(before: Visible, now: Visible): boolean {
  if (before.cursor !== now.cursor) return true;
  for (let i = 0; i < Math.max(before.lines.length, now.lines.length); i++) {
    const [a, b] = [before.lines[i] ?? '', now.lines[i] ?? ''];
    if (a !== b && !isSpinnerVariant(a, b)) return true;
  }
  return false;
}

/** The text (its last line) waits in the field: the cursor's line ends with it. */
function shownAtCursor(program: PtyProgram, text: string): boolean {
  const view = program.screen({ scrollback: 0 });
  const cursorLine = (view.lines[view.cursor.line] ?? '').slice(0, view.cursor.column).trimEnd();
  const last = text.split(/\r\n|\r|\n/).pop()!.trimEnd();
  return last !== '' && cursorLine.endsWith(last);
}

/** Some row of the screen ends with the text (its last line). */
function endsARow(program: PtyProgram, text: string): boolean {
  const last = text.split(/\r\n|\r|\n/).pop()!.trimEnd();
  return last !== '' && program.screen({ scrollback: 0 }).lines.some((row) => row.trimEnd().endsWith(last));
}

function refusal(program: PtyProgram, text: string): TypeResult {
  const screen = program.screen({ scrollback: 0 }).lines.join('\n').trim();
  return {
    ok: false,
    error: `typed ${JSON.stringify(text)}: the screen neither showed it nor changed — the program reads without echo, or has not taken it, so whether it got the text cannot be seen; Enter was not pressed (the typed text was not taken back)\n--- screen ---\n${screen}`,
  };
}
