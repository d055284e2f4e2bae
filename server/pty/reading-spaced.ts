import type { Row } from './reading-rows.js';

/** A pointer glyph before the highlighted option (not a bullet: `•` `●` `-` start paragraphs and checkboxes). */
const POINTER = /^[›>❯▶➤→]$/u;
/** Rows in one option: its title and at most this many lines describing it. */
const MAX_GROUP = 3;

/**
 * A list whose options stand apart: each option a title row with a line or two describing it under it, drawn
 * in another style (the highlighted option's may share its colour), and a blank line between options (Codex's sign-in screen, Qwen Code's auth choice). Read
 * only where the shape leaves no doubt: two options or more in one run of such groups, their titles in one
 * column, exactly one title behind a pointer and no other row marked, the description rows no further left
 * than their title. Returns the title rows (the options) and the pointer's index among them, or null.
 */
export function spacedList(rows: Row[]): { rows: Row[]; pointer: number } | null {
  const groups: Row[][] = [];
  for (const row of rows) {
    // A row further left than its group's title does not describe it (a footer right under the last option).
    if (row.gapBefore || !groups.length || row.column < groups[groups.length - 1][0].column) groups.push([row]);
    else groups[groups.length - 1].push(row);
  }
  let best: { rows: Row[]; pointer: number } | null = null;
  let run: Row[] = [];
  const close = () => {
    let pointers = run.map((r, i) => (r.marker ? i : -1)).filter((i) => i >= 0);
    // No pointer glyph: a bar in the margin of one title only marks the focused option.
    if (!pointers.length) pointers = run.map((r, i) => (r.margin ? i : -1)).filter((i) => i >= 0);
    const labelled = run.filter((r) => r.label).length;
    const found = pointers.length === 1 && (labelled === 0 || labelled === run.length) ? { rows: run, pointer: pointers[0] } : null;
    if (found && found.rows.length >= 2 && (!best || found.rows.length >= best.rows.length)) best = found;
    run = [];
  };
  for (const group of groups) {
    const [title, ...details] = group;
    const shaped =
      details.length >= 1 &&
      group.length <= MAX_GROUP &&
      (!title.marker || POINTER.test(title.marker)) &&
      !title.mark &&
      details.every((d) => !d.marker && !d.mark && d.column >= title.column && (title.marker !== '' || d.style !== title.style));
    if (shaped && run.length && run[0].column !== title.column) close();
    if (shaped) run.push(title);
    else close();
  }
  close();
  return best;
}
