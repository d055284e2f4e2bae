import type { BlockLine, ScreenView } from './terminal-screen.js';

/** The generic reading of a block the program drew while waiting for input. No prompt-specific logic. */
export interface ParsedMenu {
  /** The line heading the options (the last non-empty line before them; with no options, the last line). */
  prompt: string;
  /** Following lines, raw text, pointer/marker column and trailing key-hint lines removed. */
  options: string[];
  /** Which option the program's pointer is on (0 when the screen does not show it). */
  cursor_index: number;
  /**
   * 'option': answered by moving the pointer (arrows + Enter). 'text': answered by typing (no option lines,
   * or a visible cursor waiting at the end of the block, like `read -p`).
   */
  answer_with: 'option' | 'text';
  /** The pointer row was recognised on screen (a marker or highlight only one option line has). */
  pointer_seen: boolean;
  /** Buffer row of the prompt line (-1 if unknown). */
  prompt_row: number;
}

/**
 * Leading column of a line: indentation plus at most one short marker token (❯, >, ●, ◯, -, *, ↓) and its
 * gap. Brackets, quotes and a leading `?` (how questions are written) are text, not markers.
 */
const MARKER = /^(\s*)([^\p{L}\p{N}\s[\](){}'"`<?]{1,2}(?=\s))?(\s*)/u;

interface Row {
  text: string;
  marker: string;
  column: number;
  style: string;
}

function splitMarker(line: BlockLine): Row {
  const m = MARKER.exec(line.text)!;
  const lead = m[0];
  return { text: line.text.slice(lead.length).trimEnd(), marker: (m[2] ?? '').trim(), column: Array.from(lead).length, style: line.style };
}

function uniqueBy(rows: Row[], key: (r: Row) => string): number[] {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
  return rows.map((r, i) => (key(r) && counts.get(key(r)) === 1 ? i : -1)).filter((i) => i >= 0);
}

/** The content column most option lines share (first one wins a tie). */
function dominantColumn(rows: Row[]): number {
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(r.column, (counts.get(r.column) ?? 0) + 1);
  let best = rows[0].column;
  for (const r of rows) if ((counts.get(r.column) ?? 0) > (counts.get(best) ?? 0)) best = r.column;
  return best;
}

/**
 * The pointer row: the one marker nobody else has (❯ among blanks); if several rows have a unique marker
 * (a ↓ scroll hint too), the one that is also the only row drawn in its style (highlight); else the only
 * row drawn in a different style when all others share one.
 */
function pointerIndex(rows: Row[]): number {
  if (rows.length < 2) return -1;
  const markers = uniqueBy(rows, (r) => r.marker);
  if (markers.length === 1) return markers[0];
  const styles = uniqueBy(rows, (r) => r.style);
  if (markers.length > 1) {
    const both = markers.filter((i) => styles.includes(i));
    return both.length === 1 ? both[0] : -1;
  }
  return styles.length === 1 && rows.length > 2 ? styles[0] : -1;
}

/** A visible cursor waiting right after the last line of the block: the program reads typed text. */
function waitsForTyping(lines: BlockLine[], screen?: ScreenView): boolean {
  if (!screen || !screen.cursor.visible || !lines.length) return false;
  const last = lines[lines.length - 1].text.trimEnd();
  const cursorLine = (screen.lines[screen.cursor.line] ?? '').trimEnd();
  return cursorLine === last && screen.cursor.column >= Array.from(last).length;
}

const asLine = (l: string | BlockLine): BlockLine => (typeof l === 'string' ? { text: l, row: -1, style: '' } : l);

/**
 * Reads a block as a menu. Options = the non-empty lines that share the dominant content column (leading
 * and trailing lines that do not — key hints, help footers — are dropped), pointer/marker column removed;
 * a line a visible cursor waits on (a typing field) is not an option. Prompt = the last non-empty line
 * before the options: earlier output and banners in the block do not become the prompt.
 */
export function parseMenu(block: Array<string | BlockLine>, screen?: ScreenView): ParsedMenu {
  const lines = block.map(asLine).filter((l) => l.text.trim());
  if (!lines.length) return { prompt: '', options: [], cursor_index: 0, answer_with: 'text', pointer_seen: false, prompt_row: -1 };
  const typing = waitsForTyping(lines, screen);
  const candidates = lines.map(splitMarker).map((r, i) => ({ ...r, index: i }));
  const body = (typing ? candidates.slice(0, -1) : candidates).slice(1).filter((r) => r.text);
  let rows = body;
  if (rows.length) {
    const column = dominantColumn(rows);
    const first = rows.findIndex((r) => r.column === column);
    let last = rows.length - 1;
    while (last > first && rows[last].column !== column) last--;
    rows = rows.slice(first, last + 1);
    // A lone line is not a menu: it is the rest of the prompt (or the typing field's label).
    if (rows.length === 1 && !typing && pointerIndex(rows) < 0 && !rows[0].marker) rows = [];
  }
  const promptAt = rows.length ? rows[0].index - 1 : typing ? lines.length - 1 : lines.length - 1;
  const pointer = pointerIndex(rows);
  return {
    prompt: lines[Math.max(0, promptAt)].text.trim(),
    options: rows.map((r) => r.text),
    cursor_index: pointer >= 0 ? pointer : 0,
    answer_with: rows.length && !typing ? 'option' : 'text',
    pointer_seen: pointer >= 0,
    prompt_row: lines[Math.max(0, promptAt)].row,
  };
}

/** Index of the first option containing `selected` (case-sensitive substring), or -1. */
export function mapSelection(options: string[], selected: string): number {
  if (!selected) return -1;
  return options.findIndex((o) => o.includes(selected));
}
