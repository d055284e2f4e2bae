import type { BlockLine, ScreenView } from './terminal-screen.js';
import { isFaint } from './screen-cells.js';
import { askingFirst, questionAbove } from './reading-question.js';
import { inlineChoices, rowMarked, splitRow, unbox, type Row } from './reading-rows.js';
import { spacedList } from './reading-spaced.js';
import { bestList, withoutFocusOnlyTail, type List } from './reading-list.js';
import { descriptionsOf } from './reading-descriptions.js';

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
  /** What the program draws under each option to describe it (null: nothing); absent when no option has any. */
  descriptions?: Array<string | null>;
  /** The block verbatim, as a person sees it. */
  screen: string;
}

/** The reading of an empty block. */
const NOTHING: Reading = {
  kind: 'none', prompt: '', options: [], cursor_index: 0, answer_with: 'text', pointer_seen: false, prompt_row: -1,
  marked: [], labels: null, typing: false, screen: '',
};

const asLine = (l: string | BlockLine): BlockLine => (typeof l === 'string' ? { text: l, row: -1, style: '' } : l);

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
  const drawn = lines.map((l) => all[unboxed.indexOf(l)].text);
  let best = bestList(rows, typingAt, drawn);
  if (typingAt >= 0) {
    // A cursor left at the end of a list row that has the pointer is not a typing field (the row as the list
    // reads it: a lone ● there is its pointer).
    const withIt = bestList(rows, -1, drawn);
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
  const notDescription = new Set([...(best?.aside ?? []).map((r) => r.index), ...(typing ? [typingAt] : [])]);
  const descriptions = kind === 'text' ? null : descriptionsOf(options, rows, notDescription);
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
    ...(descriptions ? { descriptions } : {}),
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
