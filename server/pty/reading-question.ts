import type { BlockLine } from './terminal-screen.js';

/**
 * The question above a list, as a person reads it. Usually the line heading the list; but a dialog may put a
 * note between its question and its options (the command to run, a key-hint block, a paragraph of detail, a
 * link). Then the question is the nearest line above that asks: a question mark ending a sentence first, a
 * label ending in a colon next. The note stays in the verbatim `screen`. Shapes only: punctuation, wrapping,
 * rules.
 */

/** A question mark closing a sentence (ASCII or full-width). */
const ASKS = /[?？](?=\s|$)/u;
/** A label ending in a colon (`Select one to import:`). */
const LABELS = /[:：]$/u;
/** How many lines above the list a question may sit, the note between them included. */
const REACH = 6;

/** `next` continues `line`: the program broke one line at the screen's width (consecutive rows, near full). */
function wrapsInto(line: BlockLine, next: BlockLine, cols: number | undefined): boolean {
  return cols !== undefined && line.row >= 0 && next.row === line.row + 1 && Array.from(line.text.trimEnd()).length >= cols - 12;
}

/** The paragraphs (lines the program wrapped itself, joined) from `headAt` upward, nearest first. */
function paragraphsAbove(lines: BlockLine[], headAt: number, ruleBefore: Set<number>, cols: number | undefined): string[] {
  const out: string[] = [];
  for (let to = headAt; to >= 0 && headAt - to < REACH; ) {
    let from = to;
    while (from > 0 && wrapsInto(lines[from - 1], lines[from], cols)) from--;
    out.push(lines.slice(from, to + 1).map((l) => l.text.trim()).join(' '));
    if (ruleBefore.has(from)) break;
    to = from - 1;
  }
  return out;
}

/**
 * The question heading a list whose first option is line `headAt + 1`. `ruleBefore`: indices of lines with a
 * horizontal border or separator just above them (a question is not looked for across one).
 */
export function questionAbove(lines: BlockLine[], headAt: number, ruleBefore: Set<number>, cols?: number): string {
  const above = paragraphsAbove(lines, headAt, ruleBefore, cols);
  return above.find((p) => ASKS.test(p)) ?? above.find((p) => LABELS.test(p)) ?? above[0];
}

/** The text asks a question (a question mark closing a sentence). */
export const asksQuestion = (text: string): boolean => ASKS.test(text.trim());

/** The first of `texts` that asks (a question mark), else the first ending in a colon; null if none does. */
export function askingFirst(texts: string[]): string | null {
  return texts.find((t) => ASKS.test(t)) ?? texts.find((t) => LABELS.test(t)) ?? null;
}
