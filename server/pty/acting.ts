import { describeKey, type Key } from './keys.js';
import type { PtyProgram } from './pty-program.js';
import type { Reading } from './reading.js';
import { frameDone, freshRead, outputOrTaken } from './screen-waits.js';
import { takenAfterEnter } from './taken-after-enter.js';

/**
 * Verified acting: a pick is planned, then made one key per write; after each key gatehouse waits for the
 * screen to answer, reads it again and checks it moved as planned. Enter is pressed only when the highlighted
 * row holds the chosen option (multi-select: when exactly the chosen rows are marked). When the screen does
 * not answer as planned nothing more is pressed and the result says what was seen: refusing is allowed,
 * guessing is not.
 */
export interface ActOptions {
  /** How long one key may take to show on screen before the act is refused (default 2000 ms). */
  keyTimeoutMs?: number;
}

/** `wrongPick`: Enter was pressed and the screen shows the program took that other option (said loudly in `error`). */
export type ActResult = { ok: true; reading: Reading } | { ok: false; error: string; reading: Reading | null; wrongPick?: string };

const highlighted = (r: Reading): string | undefined => (r.pointer_seen ? r.options[r.cursor_index] : undefined);
const sameList = (a: Reading, b: Reading) =>
  a.kind === b.kind && a.cursor_index === b.cursor_index && a.options.join('\n') === b.options.join('\n') && a.marked.join() === b.marked.join();

/** Quiet period that tells a complete frame from one still being drawn. */
const FRAME_QUIET_MS = 25;

/**
 * Presses one key and waits for the screen to answer it: resolves with the reading once `accept` holds (a planned
 * result, e.g. the highlight on the planned row: taken from the first parsed screen that shows it — the read
 * before Enter still waits for a complete frame), or without `accept` once the screen differs from `before` and
 * has stopped changing; with the last reading when neither comes within the timeout; null when the program exited.
 */
export async function pressAndRead(program: PtyProgram, key: Key, before: Reading, opts: ActOptions = {}, accept?: (r: Reading) => boolean): Promise<Reading | null> {
  const deadline = Date.now() + (opts.keyTimeoutMs ?? 2000);
  const wanted = accept ?? ((r: Reading) => !sameList(r, before));
  program.press(key);
  for (;;) {
    if (program.exitInfo) return null;
    // A changed screen is complete once the program waits again (/proc) or after a quiet period. A program found
    // waiting may not have read the key yet (it reaches the program a moment after it is written): an unchanged
    // screen is its answer only once it read exactly the key's bytes (tookLastInput), else it is waited on.
    let taken = false;
    if (accept) taken = await outputOrTaken(program, deadline);
    else await frameDone(program, FRAME_QUIET_MS, deadline);
    if (program.exitInfo) return null;
    const now = program.peek();
    if (wanted(now) || taken || Date.now() >= deadline) return now;
    if (!accept && (await outputOrTaken(program, deadline))) return program.peek();
  }
}

const quote = (s: string | undefined) => (s === undefined ? '(no highlighted row)' : JSON.stringify(s));

/**
 * Moves the highlight to `full[target]` one verified key at a time. `full`: the whole list (longer than the
 * window when read by readFullMenu), `pos`: where the highlight is in it now.
 */
async function moveTo(program: PtyProgram, reading: Reading, full: string[], pos: number, target: number, opts: ActOptions): Promise<ActResult> {
  let current = reading;
  let at = pos;
  const seen = () => `\n--- screen ---\n${current.screen}`;
  while (at !== target) {
    const key = target > at ? (current.horizontal ? 'right' : 'down') : current.horizontal ? 'left' : 'up';
    const was = highlighted(current);
    const step = target > at ? 1 : -1;
    const expected = full[at + step];
    const next = await pressAndRead(program, key, current, opts, (r) => r.answer_with === current.answer_with && highlighted(r) === expected);
    if (!next) return { ok: false, error: `the program exited after ${key} was pressed; Enter was not pressed`, reading: null };
    const now = highlighted(next);
    if (now === was && next.cursor_index === current.cursor_index) {
      return { ok: false, error: `pressed ${key}: the highlight stayed on ${quote(was)} — the list does not move with arrow keys; nothing more was pressed${seen()}`, reading: next };
    }
    // (A checklist with one box ticked under the pointer reads like a radio list: select and multi_select alike.)
    if (next.answer_with !== current.answer_with || now !== expected) {
      current = next;
      return { ok: false, error: `pressed ${key}: expected ${quote(expected)} highlighted, the screen shows ${quote(now)}; nothing more was pressed${seen()}`, reading: next };
    }
    at += step;
    current = next;
  }
  return { ok: true, reading: current };
}

/** Where the highlight of `reading` is in `full` (its visible window located by content). */
function positionIn(reading: Reading, full: string[]): number {
  if (full.length === reading.options.length && full.every((o, i) => o === reading.options[i])) return reading.cursor_index;
  const h = highlighted(reading);
  const hits = full.map((o, i) => (o === h ? i : -1)).filter((i) => i >= 0);
  return hits.length === 1 ? hits[0] : -1;
}

/**
 * Picks `full[target]` on a single-choice list: verified arrows, then Enter only with the chosen row
 * highlighted. `full` defaults to the visible options.
 */
export async function pickOption(program: PtyProgram, reading: Reading, target: number, full: string[] = reading.options, opts: ActOptions = {}): Promise<ActResult> {
  if (!reading.pointer_seen) {
    return { ok: false, error: `the highlighted row cannot be seen on the screen, so a pick cannot be checked; nothing was pressed (answer with \`text\` to type instead)\n--- screen ---\n${reading.screen}`, reading };
  }
  const pos = positionIn(reading, full);
  if (pos < 0) return { ok: false, error: `the highlighted row ${quote(highlighted(reading))} is not one of the options read; nothing was pressed`, reading };
  const moved = await moveTo(program, reading, full, pos, target, opts);
  if (!moved.ok) return moved;
  // Read once more right before Enter, with no output left unread, and press in the same tick: a list redrawn
  // meanwhile (re-ordered, filtered) is caught here.
  await frameDone(program, FRAME_QUIET_MS, Date.now() + 500);
  const last = await freshRead(program);
  if (highlighted(last) !== full[target]) {
    return { ok: false, error: `the highlight is not on ${quote(full[target])} (the screen shows ${quote(highlighted(last))}); Enter was not pressed\n--- screen ---\n${last.screen}`, reading: last };
  }
  if (last.marked.length && !(last.marked.length === 1 && last.marked[0] === last.cursor_index)) {
    // The filled mark did not follow the highlight: these are checkboxes, and Enter would submit what is ticked.
    return { ok: false, error: `this list has checkboxes (ticked: ${last.marked.map((i) => quote(last.options[i])).join(', ')}); Enter would submit those, not the highlighted row — answer with selected_options; Enter was not pressed`, reading: last };
  }
  const drawn = program.blockLines();
  program.press('enter');
  // A re-draw in the instant between that read and Enter cannot be prevented from here: check what was taken.
  const taken = await takenAfterEnter(program, drawn, full);
  if (taken !== null && taken !== full[target]) {
    const error = `WRONG PICK: Enter was taken on ${quote(taken)}, not on ${quote(full[target])} — the program re-drew its list in the instant between the last check of the highlighted row and Enter\n--- screen ---\n${program.peek().screen}`;
    return { ok: false, error, reading: null, wrongPick: taken };
  }
  return moved;
}

/**
 * Multi-select: toggles (Space) exactly the rows whose mark differs from the wanted set, checking each toggle,
 * then presses Enter once exactly the chosen rows are marked.
 */
export async function markOptions(program: PtyProgram, reading: Reading, targets: number[], opts: ActOptions = {}): Promise<ActResult> {
  if (!reading.pointer_seen) return { ok: false, error: `the highlighted row of the checkbox list cannot be seen; nothing was pressed\n--- screen ---\n${reading.screen}`, reading };
  const want = new Set(targets);
  let current = reading;
  for (let i = 0; i < reading.options.length; i++) {
    if (want.has(i) === current.marked.includes(i)) continue;
    const moved = await moveTo(program, current, reading.options, current.cursor_index, i, opts);
    if (!moved.ok) return moved;
    const sameRows = (r: Reading) => r.options.join('\n') === reading.options.join('\n');
    const toggled = await pressAndRead(program, 'space', moved.reading, opts, (r) => sameRows(r) && r.marked.includes(i) === want.has(i));
    if (!toggled) return { ok: false, error: 'the program exited after space was pressed; Enter was not pressed', reading: null };
    if (toggled.marked.includes(i) !== want.has(i) || !sameRows(toggled)) {
      return { ok: false, error: `pressed space on ${quote(reading.options[i])}: its mark did not change as planned (the toggle key of this list is not space); Enter was not pressed\n--- screen ---\n${toggled.screen}`, reading: toggled };
    }
    current = toggled;
  }
  const marked = new Set(current.marked);
  if (marked.size !== want.size || [...want].some((i) => !marked.has(i))) {
    return { ok: false, error: `the marked rows (${[...marked].map((i) => quote(reading.options[i])).join(', ')}) are not exactly the chosen ones; Enter was not pressed`, reading: current };
  }
  program.press('enter');
  return { ok: true, reading: current };
}

/**
 * Presses keys in turn (one write each), waiting after each for the program to take it (its screen answering
 * or it waiting again): a program never sees Down and Enter in one read.
 */
export async function pressInTurn(program: PtyProgram, keys: Key[], opts: ActOptions = {}): Promise<void> {
  for (const [i, key] of keys.entries()) {
    if (program.exitInfo) throw new Error(`the program exited before ${describeKey(key)} (key ${i + 1} of ${keys.length}) was pressed`);
    if (i === keys.length - 1) {
      program.press(key);
      return;
    }
    await pressAndRead(program, key, program.peek(), { keyTimeoutMs: opts.keyTimeoutMs ?? 300 });
  }
}
