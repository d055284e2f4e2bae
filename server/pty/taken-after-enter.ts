import type { PtyProgram } from './pty-program.js';
import { readScreen } from './reading.js';
import { lineAt } from './screen-cells.js';
import type { BlockLine, ScreenView } from './terminal-screen.js';
import { nextOutput } from './screen-waits.js';

/**
 * What the program took on Enter, as its screen shows it afterwards — the check after the last one: a program
 * may re-order its list in the instant between the last read of the highlighted row and Enter (nothing on
 * screen can forbid that), and then take another row. Read where the list was drawn:
 * - the same options (mostly: a window of a longer list may bring others in) in another order, the highlight
 *   on one of them: the list was re-drawn before Enter was taken, and that row is what Enter took;
 * - the list gone and exactly one option's whole text where it was (an echo of the answer): that option.
 * Anything else (the list unchanged, or no option named) tells nothing: null.
 */
export async function takenAfterEnter(program: PtyProgram, drawn: BlockLine[], options: string[], timeoutMs = 1000): Promise<string | null> {
  const deadline = Date.now() + timeoutMs;
  // The program has moved on once it drew a line feed (or exited). (The input mark is set once parsed.)
  await program.screenBuffer.parsed();
  while (!program.exitInfo && !program.lineFeedSinceInput() && Date.now() < deadline) await nextOutput(program, deadline);
  await program.screenBuffer.parsed();
  const buf = program.screenBuffer.term.buffer.active;
  const rows = drawn.filter((l) => l.row >= 0);
  if (!rows.length) return null;
  const now = rows.map((l) => lineAt(buf, l.row));
  // Both read as the menu was (the screen's width tells a scrollbar's arrows; no cursor: no typing field).
  const { cols, rows: height } = program.screenBuffer.term;
  const width: ScreenView = { lines: [], cursor: { line: -1, column: 0, visible: false }, cols, rows: height, applicationCursor: false };
  const before = readScreen(rows, width);
  const after = readScreen(now, width);
  // Mostly the same options (a window of a longer list may show others), re-drawn in another order.
  const shared = after.options.filter((o) => before.options.includes(o)).length;
  if (after.pointer_seen && shared * 2 >= Math.max(after.options.length, before.options.length) && shared >= 2) {
    // The highlighted row counts as the option it names: the agent's option re-drawn with a mark (`beta
    // (chosen)`) is the agent's pick — a false WRONG PICK would fail a task whose program received exactly it.
    return after.options.join('\n') !== before.options.join('\n') ? asOption(after.options[after.cursor_index], options) : null;
  }
  const text = now.map((l) => l.text).join('\n');
  const named = options.filter((o) => o.trim() && text.includes(o));
  return named.length === 1 ? named[0] : null;
}

/**
 * The option a highlighted row shows: the one option it names (the same text, or one containing the other);
 * a row naming none is itself what was taken (an option out of the window read), one naming several tells
 * nothing (null).
 */
function asOption(text: string | undefined, options: string[]): string | null {
  if (text === undefined || !text.trim()) return null;
  if (options.includes(text)) return text;
  const near = options.filter((o) => o.trim() && (text.includes(o) || o.includes(text)));
  return near.length === 1 ? near[0] : near.length ? null : text;
}
