// One file's change as the person sees it: unified hunks with line numbers and context, computed with the `diff`
// library (jsdiff) from the file on disk and the file as the edit would leave it. A huge change keeps its full
// counts and at most MAX_SHOWN_LINES lines of hunks (marked truncated), so a gate stays a reasonable size.
import { structuredPatch } from 'diff';
import type { DiffHunk, DiffLine, FileChange, FileChangeKind } from '../../shared/permission/view.js';

/** Lines of context around each change. */
export const CONTEXT_LINES = 3;
/** Hunk lines kept with a gate; past this the view says it is truncated (the counts stay complete). */
export const MAX_SHOWN_LINES = 5_000;
/** Characters kept of one line. */
export const MAX_LINE_CHARS = 1_000;
/** jsdiff gives up past this many changed lines (deterministic, not timed; its work grows with them): the change is then shown as the whole old text removed and the whole new text added. */
const MAX_EDIT_LENGTH = 1_000;

export interface FileTarget {
  /** Shown path: relative to the project, or absolute outside it. */
  path: string;
  outside: boolean;
}

/** The change from `before` (null: no file) to `after` (null: the file is deleted). */
export function diffFile(target: FileTarget, change: FileChangeKind, before: string | null, after: string | null): FileChange {
  const oldText = before ?? '';
  const newText = after ?? '';
  const patch = structuredPatch(target.path, target.path, oldText, newText, undefined, undefined, { context: CONTEXT_LINES, maxEditLength: MAX_EDIT_LENGTH });
  const hunks = patch ? patch.hunks.map(toHunk) : [wholeFileHunk(oldText, newText)];
  let added = 0;
  let removed = 0;
  for (const h of hunks) for (const l of h.lines) l.op === '+' ? added++ : l.op === '-' ? removed++ : 0;
  const { kept, truncated } = limitLines(hunks);
  return { path: target.path, outside: target.outside, change, added, removed, hunks: kept, ...(truncated ? { truncated } : {}) };
}

/** A change that shows no lines, only what is wrong (the old text not found, a binary file, …). */
export function problemChange(target: FileTarget, change: FileChangeKind, problem: FileChange['problem'], text: string): FileChange {
  return { path: target.path, outside: target.outside, change, added: 0, removed: 0, hunks: [], problem, problem_text: text };
}

function toHunk(h: { oldStart: number; oldLines: number; newStart: number; newLines: number; lines: string[] }): DiffHunk {
  let oldNo = h.oldStart;
  let newNo = h.newStart;
  // jsdiff numbers an empty side's hunk from 0; a line number is never 0.
  if (h.oldLines === 0) oldNo++;
  if (h.newLines === 0) newNo++;
  const lines: DiffLine[] = [];
  for (const raw of h.lines) {
    const op = raw[0];
    if (op === '\\') continue; // "\ No newline at end of file"
    const text = clipLine(raw.slice(1));
    if (op === '-') lines.push({ op: '-', text, old: oldNo++ });
    else if (op === '+') lines.push({ op: '+', text, new: newNo++ });
    else lines.push({ op: ' ', text, old: oldNo++, new: newNo++ });
  }
  return { old_start: h.oldStart, old_lines: h.oldLines, new_start: h.newStart, new_lines: h.newLines, lines };
}

function wholeFileHunk(oldText: string, newText: string): DiffHunk {
  const oldLines = splitLines(oldText);
  const newLines = splitLines(newText);
  return {
    old_start: oldLines.length ? 1 : 0,
    old_lines: oldLines.length,
    new_start: newLines.length ? 1 : 0,
    new_lines: newLines.length,
    lines: [...oldLines.map((text, i): DiffLine => ({ op: '-', text: clipLine(text), old: i + 1 })), ...newLines.map((text, i): DiffLine => ({ op: '+', text: clipLine(text), new: i + 1 }))],
  };
}

export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** A line's text as shown: a CRLF file's `\r` is its line ending, not its text; past MAX_LINE_CHARS, clipped. */
function clipLine(raw: string): string {
  const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  return text.length <= MAX_LINE_CHARS ? text : `${text.slice(0, MAX_LINE_CHARS)}…`;
}

function limitLines(hunks: DiffHunk[]): { kept: DiffHunk[]; truncated: boolean } {
  let left = MAX_SHOWN_LINES;
  const kept: DiffHunk[] = [];
  for (const h of hunks) {
    if (left <= 0) return { kept, truncated: true };
    if (h.lines.length <= left) {
      kept.push(h);
      left -= h.lines.length;
    } else {
      kept.push({ ...h, lines: h.lines.slice(0, left) });
      return { kept, truncated: true };
    }
  }
  return { kept, truncated: false };
}
