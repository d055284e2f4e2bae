import { pressAndRead } from './acting.js';
import type { PtyProgram } from './pty-program.js';
import type { Reading } from './reading.js';

export interface ReadFullMenuOptions {
  /** How long one probe key may take to show (default 400 ms; a key that changes nothing ends the walk). */
  stepTimeoutMs?: number;
  maxOptions?: number;
}

const pointed = (m: Reading) => m.options[m.cursor_index];

/**
 * A list longer than the window shows only part of its options and scrolls. Looping or not, the whole list is
 * read: one Up from the first row tells a looping list (the pointer lands on a hidden last option) from one
 * that stops; then Down walks the list, collecting every option, until the pointer comes back to the first
 * row or stops moving, and the pointer is returned where it started. Lists the pointer is not on the first row
 * of, and lists whose pointer cannot be seen, are left as read.
 */
export async function readFullMenu(program: PtyProgram, first: Reading, options: ReadFullMenuOptions = {}): Promise<Reading> {
  const opts = { keyTimeoutMs: options.stepTimeoutMs ?? 400 };
  const max = options.maxOptions ?? 500;
  if (first.kind !== 'select' || !first.pointer_seen || first.options.length < 2 || first.cursor_index !== 0) return first;
  const up = await pressAndRead(program, 'up', first, opts);
  if (!up || !up.pointer_seen) return first;
  const looped = pointed(up) !== pointed(first);
  if (looped) {
    const hidden = !first.options.includes(pointed(up));
    // Back to the first row: a planned result, taken as soon as the screen shows it.
    const back = await pressAndRead(program, 'down', up, opts, (r) => r.pointer_seen && pointed(r) === pointed(first));
    if (!back || pointed(back) !== pointed(first)) return first;
    if (!hidden) return first;
  }
  // Walk down to the end (or back round to the first row), collecting what scrolls into view.
  const all = [...first.options];
  let current = looped ? program.peek() : up;
  let pos = 0;
  let wrapped = false;
  while (all.length < max) {
    const m = await pressAndRead(program, 'down', current, opts);
    if (!m || !m.pointer_seen) break;
    const text = pointed(m);
    if (text === pointed(current) && m.cursor_index === current.cursor_index) break; // stopped: the end of a list that does not loop
    current = m;
    if (pos + 1 >= all.length && text === all[0]) {
      wrapped = true;
      break;
    }
    pos++;
    if (pos >= all.length) all.push(text);
    else if (all[pos] !== text) break; // not the list read: leave it as it is
  }
  if (!wrapped) {
    for (let i = 0; i < pos; i++) {
      const m = await pressAndRead(program, 'up', current, opts);
      if (!m) break;
      current = m;
    }
  }
  return { ...program.peek(), options: all, cursor_index: 0 };
}
