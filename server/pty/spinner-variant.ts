/**
 * A spinner repaints one line with a different glyph in the same cells. Two renderings of a line are
 * "spinner variants" of each other when they have the same width and differ in one or two cells, none of
 * which holds a letter or digit (braille dots, |/-\, ◐◓, ✶…). Generic: no list of known spinners.
 */
const MEANINGFUL = /[\p{L}\p{N}]/u;

/** Dots a spinner's message animates after its text (`Searching.` `Searching..` `Searching...`). */
const TRAILING_DOTS = /\.{1,3}$/u;

export function isSpinnerVariant(a: string, b: string): boolean {
  if (a === b) return false;
  let x = Array.from(a);
  let y = Array.from(b);
  let differing = 0;
  if (x.length !== y.length) {
    // Only animated dots at the end may make the lengths differ (clack's spinner): they count as one cell.
    const [p, q] = [a.replace(TRAILING_DOTS, ''), b.replace(TRAILING_DOTS, '')];
    x = Array.from(p);
    y = Array.from(q);
    if (x.length !== y.length || Math.abs(a.length - b.length) > 3) return false;
    differing = 1;
  }
  for (let i = 0; i < x.length; i++) {
    if (x[i] === y[i]) continue;
    if (++differing > 2) return false;
    if (MEANINGFUL.test(x[i]) || MEANINGFUL.test(y[i])) return false;
  }
  return differing > 0;
}

/** `text` starts with a spinner variant of `line` (or with `line` itself): the rest is what the spinner wiped. */
export function stripSpinnerPrefix(text: string, line: string): string | null {
  const t = Array.from(text);
  const l = Array.from(line);
  if (!line.trim() || t.length <= l.length) return null;
  const head = t.slice(0, l.length).join('');
  if (head !== line && !isSpinnerVariant(head, line)) return null;
  return t.slice(l.length).join('').trim();
}
