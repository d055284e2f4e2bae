import type { BlockLine } from './terminal-screen.js';
import { isFaint } from './screen-cells.js';

/** One line of a block split the way a person scans a list row: gutter, marker, checkbox, label, text. */
export interface Row {
  /** The text after indentation, marker and checkbox (a number/letter label stays in). */
  text: string;
  /** A short non-letter token before the text (❯, >, ●, ↓ …), '' if none. */
  marker: string;
  /** A checkbox drawn before the text ([ ], [x], ◯, ◉, ◻, ◼ …), '' if none. */
  mark: string;
  /** What a person types to pick this row in a numbered/lettered list ("1" for "1) apple"), '' if none. */
  label: string;
  /** Column where `text` starts. */
  column: number;
  /** Style of the first letter/digit of `text`. */
  style: string;
  /** Styles of the checkbox's cells ('' without one): a checklist may light only its current row's box. */
  markStyle: string;
  /** Index of the line in the block. */
  index: number;
  /** Box glyphs set aside at the line's start (a gutter, a border, a focus bar in the margin), '' if none. */
  margin: string;
  /** A blank line comes right before this one (lists do not run across it). */
  gapBefore?: boolean;
  row: number;
}

/** Box drawing and block elements: borders, gutters, separators, shadows. */
const BOX = /[\u2500-\u259F]/u;
/** A scroll arrow a scrollbar draws at its ends (prompt_toolkit's `^`/`v`, ▲/▼, ↑/↓). */
const SCROLL_ARROW = /^[\^v▲▼△▽↑↓]$/u;

/** A line as the reader takes it: borders set aside, what stood in its margin kept. */
export type UnboxedLine = BlockLine & { margin?: string };

/**
 * A line with the borders of a box or a gutter column set aside: box characters at its start become spaces
 * (columns are kept, so rows inside one box still line up; the glyphs are kept as `margin`: a bar there may
 * mark the focused item) and those at its end are dropped. With `cols`, a scrollbar's arrow in the screen's
 * last two columns, set apart from the text by spaces, is dropped too: it is never part of a row's text.
 */
export function unbox(line: BlockLine, cols?: number): UnboxedLine {
  const chars = Array.from(line.text);
  let end = chars.length;
  if (cols !== undefined && end >= cols - 1 && SCROLL_ARROW.test(chars[end - 1]) && chars[end - 2] === ' ' && chars[end - 3] === ' ') end--;
  let a = 0;
  while (a < end && (BOX.test(chars[a]) || chars[a] === ' ')) a++;
  let b = end;
  while (b > a && (BOX.test(chars[b - 1]) || chars[b - 1] === ' ')) b--;
  const margin = chars.slice(0, a).filter((c) => BOX.test(c)).join('');
  if (!margin && b === chars.length) return line;
  return { ...line, text: ' '.repeat(a) + chars.slice(a, b).join(''), margin };
}

/** Leading indentation plus at most one short marker token and its gap. Brackets, quotes and `?` are text. */
const MARKER = /^(\s*)([^\p{L}\p{N}\s[\](){}'"`<?]{1,2}(?=\s))?(\s*)/u;
/** A checkbox or radio mark and its gap. */
const MARK = /^(\[[ xX*✓✔•-]\]|\([ *xX•o]\)|[◯◉○●◻◼☐☑☒□■▢▣])(\s+)/u;
const ROUND_OR_SQUARE = /^[◯◉○●◻◼☐☑☒□■▢▣]$/u;
/** A check mark drawn on every row, its state shown by its style only (faint: not chosen). */
const CHECK = /^[✔✓]$/u;
const isMarkGlyph = (glyph: string) => ROUND_OR_SQUARE.test(glyph) || CHECK.test(glyph);
/** A list label a person types: `1)`, `2.`, `a)`, `(3)`, `[4]`. */
const LABEL = /^[([]?(\d{1,3}|[a-zA-Z])[).:\]]\s/u;

/** The mark shows the row as chosen by its glyph. */
export function isOnMark(mark: string): boolean {
  return /[◉●◼☑☒■▣]|\[[xX*✓✔•]\]|\([*xX•o]\)/u.test(mark);
}

/** The mark's state is drawn by its style only (a check mark on every row, faint where not chosen). */
export const isStyledMark = (mark: string) => CHECK.test(mark);

/** The row's mark shows it as chosen: by its glyph, or for a check mark by not being faint. */
export function rowMarked(row: Row): boolean {
  if (isStyledMark(row.mark)) return !!row.markStyle && !row.markStyle.split('/').every(isFaint);
  return isOnMark(row.mark);
}

function styleAt(line: BlockLine, from: number): string {
  if (!line.styles) return line.style;
  const chars = Array.from(line.text);
  for (let i = from; i < chars.length; i++) if (/[\p{L}\p{N}[(]/u.test(chars[i])) return line.styles[i] ?? line.style;
  return line.style;
}

export function splitRow(line: BlockLine, index: number): Row {
  const m = MARKER.exec(line.text)!;
  let marker = (m[2] ?? '').trim();
  let lead = Array.from(m[0]).length;
  let rest = line.text.slice(m[0].length);
  let mark = '';
  const glyphs = Array.from(marker);
  if (glyphs.length === 2 && isMarkGlyph(glyphs[1])) {
    // A pointer drawn against a checkbox (`❯◯ cheese`).
    marker = glyphs[0];
    mark = glyphs[1];
  } else if (isMarkGlyph(marker)) {
    // A round or square glyph alone before the text is a mark; whether it is a checkbox or a pointer (● among
    // blanks) is decided for the whole list (reading.ts).
    mark = marker;
    marker = '';
  } else {
    const k = MARK.exec(rest);
    if (k) {
      mark = k[1];
      lead += Array.from(k[0]).length;
      rest = rest.slice(k[0].length);
    }
  }
  const text = rest.trimEnd();
  const label = LABEL.exec(text)?.[1] ?? '';
  // The style of the row's first letter, or of its checkbox when it has one (a checklist may light only that).
  const indent = Array.from(m[1] ?? '').length;
  const markAt = Array.from(line.text).indexOf(Array.from(mark)[0] ?? '', indent);
  const markStyle = line.styles && markAt >= 0 ? line.styles.slice(markAt, markAt + Array.from(mark).length).join('/') : '';
  const margin = (line as UnboxedLine).margin ?? '';
  return { text, marker, mark, label, column: lead, style: styleAt(line, lead), markStyle, margin, index, row: line.row };
}

/** Another labelled entry further along a row (`1) a      4) d`: bash `select` lays long lists out in columns). */
const NEXT_LABEL = /\s{2,}(?=[([]?(\d{1,3}|[a-zA-Z])[).:\]]\s)/u;

/**
 * A numbered list laid out in columns, read in number order: each row split where another label starts after
 * a run of spaces. Rows without such a split are returned as they are.
 */
export function splitColumns(rows: Row[]): Row[] {
  if (!rows.every((r) => r.label)) return rows;
  const cells = rows.flatMap((r) => r.text.split(NEXT_LABEL).filter((part, i) => i % 2 === 0 && part.trim()).map((text) => ({ ...r, text: text.trim(), label: LABEL.exec(text.trim())?.[1] ?? '' })));
  if (cells.length === rows.length || !cells.every((c) => c.label)) return rows;
  const numeric = cells.every((c) => /^\d+$/.test(c.label));
  return numeric ? [...cells].sort((a, b) => Number(a.label) - Number(b.label)) : cells;
}

/** `● Yes / ○ No` — radio marks with their labels on one line. */
const INLINE = /([◯◉○●◻◼])\s+([^/◯◉○●◻◼]*[^/◯◉○●◻◼\s])/gu;

/** Choices drawn side by side on one line (a confirm), with the one whose mark is filled; null if none. */
export function inlineChoices(text: string): { options: string[]; on: number } | null {
  const found = [...text.matchAll(INLINE)];
  if (found.length < 2) return null;
  const on = found.map((m, i) => (isOnMark(m[1]) ? i : -1)).filter((i) => i >= 0);
  return { options: found.map((m) => m[2].trim()), on: on.length === 1 ? on[0] : -1 };
}
