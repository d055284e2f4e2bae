import type { BlockLine } from './terminal-screen.js';

/**
 * The question above a list, as a person reads it. Usually the line heading the list; but a dialog may put
 * a note between its question and its options (the command to run, a hint, a paragraph of detail, a link).
 * Then the question is the nearest line above that asks (a question mark ending a sentence), and the prompt
 * runs from it down to the list, so the note is read with it. Shapes only: punctuation, wrapping, rules.
 */

/** A question mark closing a sentence (ASCII or full-width), or a label ending in a colon. */
const ASKS = /[?？](?=\s|$|['"’”)\]])|[:：]\s*$/u;
/** How many lines above the list a question may sit, the note between them included. */
const REACH = 6;

/** The lines `from`..`to` (indices into `lines`) as a person reads them: lines the program wrapped itself joined. */
function readLines(lines: BlockLine[], from: number, to: number, cols: number | undefined): string {
  let out = '';
  for (let i = from; i <= to; i++) {
    const text = lines[i].text.trim();
    if (i === from) out = text;
    else out += wrapsInto(lines[i - 1], lines[i], cols) ? ` ${text}` : `\n${text}`;
  }
  return out;
}

/** `next` continues `line`: the program broke one line at the screen's width (consecutive rows, near full). */
function wrapsInto(line: BlockLine, next: BlockLine, cols: number | undefined): boolean {
  return cols !== undefined && line.row >= 0 && next.row === line.row + 1 && Array.from(line.text.trimEnd()).length >= cols - 12;
}

/**
 * The prompt heading a list whose first option is line `headAt + 1`: the question line with what the program
 * wrapped onto it, and the note down to the list when the question sits higher up. `ruleBefore`: indices of
 * lines with a box border or a separator just above them (a question is not looked for across one).
 */
export function questionAbove(lines: BlockLine[], headAt: number, ruleBefore: Set<number>, cols?: number): string {
  let start = headAt;
  while (start > 0 && wrapsInto(lines[start - 1], lines[start], cols)) start--;
  if (ASKS.test(readLines(lines, start, headAt, cols))) return readLines(lines, start, headAt, cols);
  for (let i = start; i >= 0 && headAt - i < REACH; i--) {
    if (i < start && ASKS.test(lines[i].text.trim())) {
      let from = i;
      while (from > 0 && wrapsInto(lines[from - 1], lines[from], cols)) from--;
      return readLines(lines, from, headAt, cols);
    }
    if (ruleBefore.has(i)) break;
  }
  return readLines(lines, start, headAt, cols);
}
