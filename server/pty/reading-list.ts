// The list a person would take for the menu in a block of rows: the candidate lists (rows sharing a column in a
// contiguous stretch), each described (its highlight, checkboxes or numbers, two-line items, rows at its ends that
// are not options) and the best of them. Part of the one screen reader (reading.ts), which reads the rest.
import type { BlockLine } from './terminal-screen.js';
import { isFaint } from './screen-cells.js';
import { isStyledMark, rowMarked, splitColumns, type Row } from './reading-rows.js';
import { asksQuestion } from './reading-question.js';

function countsOf<T>(values: T[]): Map<T, number> {
  const m = new Map<T, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return m;
}

/** Rows holding a value no other row has (empty values never count). */
function uniqueRows(rows: Row[], key: (r: Row) => string): number[] {
  const counts = countsOf(rows.map(key));
  return rows.map((r, i) => (key(r) && counts.get(key(r)) === 1 ? i : -1)).filter((i) => i >= 0);
}

/**
 * The highlighted row: the one marker nobody else has (❯ among blanks); with several unique markers (a ↓
 * scroll hint too), the one that is also the only row in its style; else the only row drawn in a different
 * style when all others share one.
 */
function pointerOf(rows: Row[]): number {
  if (rows.length < 2) return -1;
  const markers = uniqueRows(rows, (r) => r.marker);
  if (markers.length === 1) return markers[0];
  // A bar in the margin of one row only (the others have none or share theirs): the focus, drawn as bubbles' and
  // many Ink lists draw it.
  const margins = uniqueRows(rows, (r) => r.margin);
  if (!markers.length && margins.length === 1 && rows.filter((r) => r.margin).length === 1) return margins[0];
  let styles = uniqueRows(rows, (r) => r.style);
  // A checked box may be drawn in its own colour: the text's style tells the current row first, then the box's.
  if (styles.length !== 1) styles = uniqueRows(rows, (r) => `${r.style}|${r.markStyle}`);
  if (markers.length > 1) {
    const both = markers.filter((i) => styles.includes(i));
    return both.length === 1 ? both[0] : -1;
  }
  return styles.length === 1 && rows.length > 2 ? styles[0] : -1;
}

export interface List {
  rows: Row[];
  pointer: number;
  multi: boolean;
  labels: string[] | null;
  /** Rows at the list's ends that are not options (a finder's header, its match counter): not relayed. */
  aside?: Row[];
}

/** A row carrying a horizontal rule (a finder's `2/2 ────` counter line): a separator, never an option. */
const RULED = /[\u2500-\u257F]{3,}\s*$/u;

/**
 * Items that span two lines: a title, and under it in the same column a line describing it, drawn in styles
 * no title has (dim, grey). Returns the titles, or null when the rows do not pair up so.
 */
function pairedTitles(rows: Row[], drawn: string[]): Row[] | null {
  if (rows.length < 4 || rows.length % 2) return null;
  // A row that asks a question, or carries a rule (a finder's header and counter over two matches), is no item's part.
  if (rows.some((r) => asksQuestion(r.text) || RULED.test(drawn[r.index] ?? ''))) return null;
  const titles = rows.filter((_, i) => i % 2 === 0);
  const details = rows.filter((_, i) => i % 2 === 1);
  const titleStyles = new Set(titles.map((r) => r.style));
  // Each description is the line right under its title (in a terminal: the next row), no marker, mark or number.
  const underTitle = (d: Row, i: number) => d.row < 0 || d.row === titles[i].row + 1;
  if (details.some((d, i) => titleStyles.has(d.style) || d.marker || d.mark || d.label || !underTitle(d, i))) return null;
  return titles;
}


/**
 * With the highlight seen, rows at the list's ends drawn in a style no other option has (a finder's header and
 * match counter next to its list) are not options: set aside, as long as the options left share one style — or,
 * where too few are left to tell (two matches), when the row shows it is no option: it asks a question (a
 * header) or carries a rule (a counter line).
 */
function setAsideForeignEnds(list: List, drawn: string[]): List {
  if (list.pointer < 0 || list.multi || list.labels) return list;
  let a = 0;
  let b = list.rows.length;
  const foreign = (i: number) => {
    if (i === list.pointer) return false;
    const row = list.rows[i];
    const others = list.rows.slice(a, b).filter((_, k) => k + a !== list.pointer && k + a !== i);
    const counts = countsOf(others.map((r) => r.style));
    const ownStyle = !counts.has(row.style) && row.style !== list.rows[list.pointer].style;
    if (ownStyle && (asksQuestion(row.text) || RULED.test(drawn[row.index] ?? ''))) return true;
    return others.length >= 2 && !counts.has(row.style) && Math.max(...counts.values()) >= Math.max(2, others.length - 1);
  };
  for (let moved = true; moved && b - a > 2; ) {
    moved = false;
    if (foreign(b - 1)) (b--, (moved = true));
    else if (foreign(a)) (a++, (moved = true));
  }
  if (a === 0 && b === list.rows.length) return list;
  return { ...list, rows: list.rows.slice(a, b), pointer: list.pointer - a, aside: [...list.rows.slice(0, a), ...list.rows.slice(b)] };
}

/**
 * Where `text` (a row's text starting at `column` of `line`) ends before a tail drawn faint after a space, set
 * apart from letters drawn plain (a hint shown on the focused row only); -1 if it has no such tail.
 */
function faintTailAt(text: string, column: number, line: BlockLine): number {
  if (!line.styles) return -1;
  const chars = Array.from(text);
  let t = chars.length;
  while (t > 0 && (chars[t - 1] === ' ' || isFaint(line.styles[column + t - 1] ?? ''))) t--;
  while (t < chars.length && chars[t] !== ' ') t++;
  if (t === 0 || t >= chars.length || !chars.slice(t).join('').trim()) return -1;
  return chars.slice(0, t).some((c, i) => /[\p{L}\p{N}]/u.test(c) && !isFaint(line.styles![column + i] ?? '')) ? t : -1;
}

/**
 * The focused row's text without what only the focused row shows: a faint tail no other option has (clack's
 * hint) would make the option's text change as the pointer moves.
 */
export function withoutFocusOnlyTail(list: List, lines: BlockLine[]): List {
  if (list.pointer < 0) return list;
  const tails = list.rows.map((r) => faintTailAt(r.text, r.column, lines[r.index]));
  if (tails[list.pointer] < 0 || tails.some((t, i) => t >= 0 && i !== list.pointer)) return list;
  const rows = [...list.rows];
  const p = rows[list.pointer];
  rows[list.pointer] = { ...p, text: Array.from(p.text).slice(0, tails[list.pointer]).join('').trimEnd() };
  return { ...list, rows };
}

/**
 * One candidate list: the rows at column `column` of the contiguous stretch around `from` where no row sits
 * left of it (rows further right are details under an option and are left out).
 */
function listAt(body: Row[], from: number, column: number): Row[] {
  let a = from;
  while (a > 0 && !body[a].gapBefore && body[a - 1].column >= column) a--;
  let b = from;
  while (b < body.length - 1 && !body[b + 1].gapBefore && body[b + 1].column >= column) b++;
  const rows = body.slice(a, b + 1).filter((r) => r.column === column);
  // Rows at either end lacking what most rows have (a checkbox, a number: a heading, a key-hint footer) are
  // not options.
  for (const has of [(r: Row) => !!r.mark, (r: Row) => !!r.label]) {
    if (rows.filter(has).length < Math.max(2, rows.length / 2)) continue;
    while (rows.length && !has(rows[rows.length - 1])) rows.pop();
    while (rows.length && !has(rows[0])) rows.shift();
  }
  return rows;
}

function describe(listed: Row[], drawn: string[]): List {
  const found = splitColumns(pairedTitles(listed, drawn) ?? listed);
  // Not every row has a mark: a lone ● is a pointer, not a checkbox. Check marks told apart by style only make
  // a checklist where a row is singled out as the current one (a finished task list has none).
  let marks = found.every((r) => r.mark) ? found.map((r) => r.mark) : null;
  if (marks && marks.every(isStyledMark) && pointerOf(found) < 0) marks = null;
  const rows = marks ? found : found.map((r) => ({ ...r, marker: r.marker || r.mark, mark: '' }));
  const labelled = rows.every((r) => r.label) && new Set(rows.map((r) => r.label)).size === rows.length;
  const labels = labelled ? rows.map((r) => r.label) : null;
  let pointer = pointerOf(rows);
  let multi = false;
  if (marks) {
    const on = rows.map((r, i) => (rowMarked(r) ? i : -1)).filter((i) => i >= 0);
    const squares = marks.some((m) => /[[☐☑☒□■◻◼▢▣]/u.test(m) || isStyledMark(m));
    const separatePointer = uniqueRows(rows, (r) => r.marker).length > 0;
    // A round mark filled on one row only, and nothing else singling out another row: a radio list (● / ○).
    const radio = !squares && !separatePointer && on.length === 1 && (pointer < 0 || pointer === on[0]);
    if (radio) pointer = on[0];
    else multi = true;
  }
  return setAsideForeignEnds({ rows, pointer, multi, labels }, drawn);
}

/** Preference among candidate lists: a seen highlight, then checkboxes or numbers, then length, then nearness to the end. */
function score(list: List): number {
  return (list.pointer >= 0 ? 1000 : 0) + (list.multi || list.labels ? 500 : 0) + list.rows.length;
}

/** The list a person would take for the menu: the best of the candidate lists among the rows (see score). */
/** `drawn`: each row's line as drawn, borders and rules in (a row's text has them set aside). */
export function bestList(rows: Row[], typingAt: number, drawn: string[]): List | null {
  // The first line is the question, unless it is marked as a list row (a redraw can start the block at the list).
  const body = rows.filter((r) => (r.index > 0 || r.marker || r.mark) && r.index !== typingAt && r.text);
  let best: List | null = null;
  const tried = new Set<string>();
  for (let i = 0; i < body.length; i++) {
    const found = listAt(body, i, body[i].column);
    const key = found.map((r) => r.index).join();
    if (tried.has(key)) continue;
    tried.add(key);
    const list = describe(found, drawn);
    if (list.rows.length >= 2 && (!best || score(list) >= score(best))) best = list;
  }
  return best;
}
