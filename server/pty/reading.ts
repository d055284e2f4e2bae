import type { BlockLine, ScreenView } from './terminal-screen.js';
import { isFaint } from './screen-cells.js';
import { askingFirst, questionAbove } from './reading-question.js';
import { inlineChoices, isStyledMark, rowMarked, splitColumns, splitRow, unbox, type Row } from './reading-rows.js';
import { spacedList } from './reading-spaced.js';

/**
 * What a person sees in the block a program drew since the last input. The one screen reader of gatehouse:
 * pure `(block, screen) -> Reading`, no prompt-specific logic — shapes only (a list's shared column, a
 * marker or attribute only one row has, checkbox marks, numbers, a cursor waiting on a typing field).
 */
export interface Reading {
  /**
   * 'select': one list, answered by moving the highlight; 'multi_select': a list of checkboxes; 'text': the
   * program waits for typed text (a typing field; a numbered list answered by typing its number); 'none':
   * nothing drawn.
   */
  kind: 'select' | 'multi_select' | 'text' | 'none';
  /** The question as a person reads it: the line heading the list, and the line the cursor waits on. */
  prompt: string;
  /** The rows of one list, gutters/borders/markers/checkboxes set aside, details under a row left out. */
  options: string[];
  /** The highlighted row (0 when it cannot be seen: see `pointer_seen`). */
  cursor_index: number;
  /** 'option': answer by choosing; 'text': answer by typing (a numbered list: its number). */
  answer_with: 'option' | 'text';
  /** The highlighted row was singled out on screen (a marker or an attribute only it has). */
  pointer_seen: boolean;
  /** Buffer row of the question line (-1 if unknown). */
  prompt_row: number;
  /** The rows whose mark is filled (multi_select: the rows marked as chosen). */
  marked: number[];
  /** A numbered/lettered list: what a person types for each option ("1", "a"); null otherwise. */
  labels: string[] | null;
  /** A visible cursor waits at the end of a line: the program reads typed text there. */
  typing: boolean;
  /** The options stand side by side on one line (moved through with Left/Right, not Up/Down). */
  horizontal?: true;
  /** The block verbatim, as a person sees it. */
  screen: string;
}

/** The reading of an empty block. */
const NOTHING: Reading = {
  kind: 'none', prompt: '', options: [], cursor_index: 0, answer_with: 'text', pointer_seen: false, prompt_row: -1,
  marked: [], labels: null, typing: false, screen: '',
};

const asLine = (l: string | BlockLine): BlockLine => (typeof l === 'string' ? { text: l, row: -1, style: '' } : l);

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

/**
 * The line a visible cursor waits on (index into `lines`), or -1: at the end of its text, or before a
 * placeholder (the rest of the line drawn faint: an empty field's hint, gone once typing starts).
 */
function typingLine(lines: BlockLine[], screen?: ScreenView): number {
  if (!screen || !screen.cursor.visible || !lines.length) return -1;
  const cursorText = (screen.lines[screen.cursor.line] ?? '').trimEnd();
  let at = -1;
  if (screen.cursor.row !== undefined && lines.some((l) => l.row >= 0)) at = lines.findIndex((l) => l.row === screen.cursor.row);
  else if (lines[lines.length - 1].text.trimEnd() === cursorText) at = lines.length - 1;
  if (at < 0 || !cursorText.trim()) return -1;
  const chars = Array.from(cursorText);
  if (screen.cursor.column >= chars.length) return at;
  const rest = (lines[at].styles ?? []).slice(screen.cursor.column, chars.length).filter((_, i) => chars[screen.cursor.column + i] !== ' ');
  return rest.length && rest.every(isFaint) ? at : -1;
}

/** Lines other than the list's that may stand between a list and the typing field under it (a count, a hint). */
const FIELD_REACH = 1;

interface List {
  rows: Row[];
  pointer: number;
  multi: boolean;
  labels: string[] | null;
  /** Rows at the list's ends that are not options (a finder's header, its match counter): not relayed. */
  aside?: Row[];
}

/**
 * Items that span two lines: a title, and under it in the same column a line describing it, drawn in styles
 * no title has (dim, grey). Returns the titles, or null when the rows do not pair up so.
 */
function pairedTitles(rows: Row[]): Row[] | null {
  if (rows.length < 4 || rows.length % 2) return null;
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
 * match counter next to its list) are not options: set aside, as long as the options left share one style.
 */
function setAsideForeignEnds(list: List): List {
  if (list.pointer < 0 || list.multi || list.labels) return list;
  let a = 0;
  let b = list.rows.length;
  const foreign = (i: number) => {
    if (i === list.pointer) return false;
    const others = list.rows.slice(a, b).filter((_, k) => k + a !== list.pointer && k + a !== i);
    const counts = countsOf(others.map((r) => r.style));
    return others.length >= 2 && !counts.has(list.rows[i].style) && Math.max(...counts.values()) >= Math.max(2, others.length - 1);
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
function withoutFocusOnlyTail(list: List, lines: BlockLine[]): List {
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

function describe(listed: Row[]): List {
  const found = splitColumns(pairedTitles(listed) ?? listed);
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
  return setAsideForeignEnds({ rows, pointer, multi, labels });
}

/** Preference among candidate lists: a seen highlight, then checkboxes or numbers, then length, then nearness to the end. */
function score(list: List): number {
  return (list.pointer >= 0 ? 1000 : 0) + (list.multi || list.labels ? 500 : 0) + list.rows.length;
}

/** The list a person would take for the menu: the best of the candidate lists among the rows (see score). */
function bestList(rows: Row[], typingAt: number): List | null {
  // The first line is the question, unless it is marked as a list row (a redraw can start the block at the list).
  const body = rows.filter((r) => (r.index > 0 || r.marker || r.mark) && r.index !== typingAt && r.text);
  let best: List | null = null;
  const tried = new Set<string>();
  for (let i = 0; i < body.length; i++) {
    const found = listAt(body, i, body[i].column);
    const key = found.map((r) => r.index).join();
    if (tried.has(key)) continue;
    tried.add(key);
    const list = describe(found);
    if (list.rows.length >= 2 && (!best || score(list) >= score(best))) best = list;
  }
  return best;
}

/**
 * Reads a block. `block`: the lines drawn since the last input (rows and styles when read from a terminal, plain
 * strings in unit tests); `screen`: the terminal's view (cursor position and visibility).
 */
export function readScreen(block: Array<string | BlockLine>, screen?: ScreenView): Reading {
  const all = block.map(asLine);
  const verbatim = all.map((l) => l.text.trimEnd()).join('\n').replace(/^\n+|\n+$/g, '');
  const unboxed = all.map((l) => unbox(l, screen?.cols));
  const lines = unboxed.filter((l) => l.text.trim());
  // Which lines follow a blank line (a list's rows are not split by one) or a horizontal border or separator.
  const afterGap = new Set<number>();
  const afterRule = new Set<number>();
  let ruled = false;
  unboxed.forEach((l, i) => {
    // A rule, or a gutter with nothing on it (one vertical bar alone: clack draws one between its steps and any
    // log line printed between them), separates what is above from the question.
    if (!l.text.trim()) ruled ||= /[\u2500-\u259F]{3}/u.test(all[i].text) || /^\s*[│┃]\s*$/u.test(all[i].text);
    else {
      if (i > 0 && !unboxed[i - 1].text.trim()) afterGap.add(lines.indexOf(l));
      if (ruled) afterRule.add(lines.indexOf(l));
      ruled = false;
    }
  });
  if (!lines.length) return { ...NOTHING, screen: verbatim };
  const rows = lines.map((l, index) => ({ ...splitRow(l, index), gapBefore: afterGap.has(index) }));
  let typingAt = typingLine(lines, screen);
  let best = bestList(rows, typingAt);
  if (typingAt >= 0) {
    // A cursor left at the end of a list row that has the pointer is not a typing field (the row as the list
    // reads it: a lone ● there is its pointer).
    const withIt = bestList(rows, -1);
    if (withIt && withIt.pointer >= 0 && withIt.rows.find((r) => r.index === typingAt)?.marker) {
      typingAt = -1;
      best = withIt;
    }
  }
  // Options set apart by blank lines, each described under it: taken over no list with a seen highlight, or over
  // the highlighted option read with its own description as a list.
  const spaced = spacedList(rows.filter((r) => r.index !== typingAt));
  const pointed = spaced?.rows[spaced.pointer].index;
  if (spaced && (!best || best.pointer < 0 || (best.rows.length < spaced.rows.length && best.rows.some((r) => r.index === pointed)))) {
    best = { rows: spaced.rows, pointer: spaced.pointer, multi: false, labels: spaced.rows.every((r) => r.label) ? spaced.rows.map((r) => r.label) : null };
  }
  // A typing field well below a list (other output between them): the program waits at the field; the list is
  // earlier output (an agent CLI's banner above its input box), unless it is numbered (typed into the field).
  const listEnd = (l: List) => Math.max(...[...l.rows, ...(l.aside ?? [])].map((r) => r.index));
  if (typingAt >= 0 && best && !best.labels && typingAt - listEnd(best) > FIELD_REACH + 1) best = null;
  const typing = typingAt >= 0;
  if (best && best.pointer < 0 && best.multi && !typing && screen?.cursor.row !== undefined) {
    // No marker or highlight tells the current row of a checklist, but the program parked the (maybe hidden)
    // cursor on one of them, as newt does. Acting checks it follows the arrow keys before anything is chosen.
    const at = best.rows.findIndex((r) => r.row === screen.cursor.row);
    if (at >= 0) best.pointer = at;
  }
  // Lines with no pointer, checkbox, number or marker are output, not a menu (a highlight by colour alone needs
  // three rows to be told apart); under a typing field a list without a seen pointer is output too.
  const plain = (l: List) => l.rows.every((r) => !r.marker);
  // Every row behind a glyph of its own and none singled out (two frames of a spinner left on two lines) is
  // not a list either: a list's rows share their blank or bullet, only the pointer row differs.
  const ownMarkers = (l: List) => l.rows.every((r) => r.marker) && new Set(l.rows.map((r) => r.marker)).size === l.rows.length;
  if (best && best.pointer < 0 && !best.multi && !best.labels && (typing || plain(best) || ownMarkers(best))) best = null;
  if (!typing) {
    // Choices side by side on a line below any list (a confirm under its question) are what waits.
    const inline = inlineOn(lines);
    const lastRow = best ? best.rows[best.rows.length - 1].index : -1;
    if (inline && inline.at > lastRow) return { ...inline.reading, screen: verbatim };
  }
  if (best) best = withoutFocusOnlyTail(best, lines);
  const options = best?.rows ?? [];
  const headAt = options.length ? options[0].index - 1 : typing ? typingAt : lines.length - 1;
  const head = lines[Math.max(0, headAt)];
  const typed = typing ? lines[typingAt].text.trim() : '';
  const above = headAt >= 0 ? questionAbove(lines, headAt, afterRule, screen?.cols) : '';
  // A line set aside from the list's ends (a finder's header) is the question when nothing above asks one.
  const question = askingFirst([above, ...(best?.aside ?? []).map((r) => r.text)]) ?? above;
  const prompt = [question, typed].filter((t, i, a) => t && a.indexOf(t) === i).join('\n');
  const byTyping = typing && !(best && best.pointer >= 0);
  const kind: Reading['kind'] = byTyping || !options.length ? 'text' : best!.multi ? 'multi_select' : 'select';
  return {
    kind,
    prompt,
    options: options.map((r) => r.text),
    cursor_index: best && best.pointer >= 0 ? best.pointer : 0,
    answer_with: kind === 'text' ? 'text' : 'option',
    pointer_seen: !!best && best.pointer >= 0,
    prompt_row: head.row,
    // A radio list's filled mark is listed too: one frame cannot tell it from a checklist with one box ticked.
    marked: best ? best.rows.map((r, i) => (rowMarked(r) ? i : -1)).filter((i) => i >= 0) : [],
    labels: best?.labels ?? null,
    typing,
    screen: verbatim,
  };
}

/** The last line holding choices side by side (`● Yes / ○ No`), read as a one-line list. */
function inlineOn(lines: BlockLine[]): { at: number; reading: Omit<Reading, 'screen'> } | null {
  for (let i = lines.length - 1; i >= 0; i--) {
    const found = inlineChoices(lines[i].text);
    if (!found) continue;
    const head = lines[Math.max(0, i - 1)];
    const reading = {
      kind: 'select' as const, prompt: i > 0 ? head.text.trim() : '', options: found.options, cursor_index: Math.max(0, found.on),
      answer_with: 'option' as const, pointer_seen: found.on >= 0, prompt_row: head.row, marked: [], labels: null, typing: false, horizontal: true as const,
    };
    return { at: i, reading };
  }
  return null;
}

/** Index of the first option containing `selected` (case-sensitive substring, the seed's rule), or -1. */
export function mapSelection(options: string[], selected: string): number {
  if (!selected) return -1;
  return options.findIndex((o) => o.includes(selected));
}
