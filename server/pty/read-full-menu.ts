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
 * read: one key back from the end the pointer starts on tells a looping list (the pointer lands on a hidden
 * option at the other end) from one that stops; then the pointer walks the list, collecting every option, until
 * it comes back round or stops moving, and is returned where it started. The pointer starts on the first row of
 * most lists (walked with Down); a list drawn upward from its query line (fzf's default layout) starts it on the
 * last row (walked with Up, the options kept in the order drawn). Lists the pointer is on neither end of, and
 * lists whose pointer cannot be seen, are left as read.
 */
export async function readFullMenu(program: PtyProgram, first: Reading, options: ReadFullMenuOptions = {}): Promise<Reading> {
  if (first.kind !== 'select' || !first.pointer_seen || first.options.length < 2) return first;
  if (first.cursor_index === 0) return walk(program, first, 'down', options);
  if (first.cursor_index === first.options.length - 1) return walk(program, first, 'up', options);
  return first;
}

async function walk(program: PtyProgram, first: Reading, forward: 'down' | 'up', options: ReadFullMenuOptions): Promise<Reading> {
  const back = forward === 'down' ? 'up' : 'down';
  const opts = { keyTimeoutMs: options.stepTimeoutMs ?? 400 };
  const max = options.maxOptions ?? 500;
  const up = await pressAndRead(program, back, first, opts);
  if (!up || !up.pointer_seen) return first;
  const looped = pointed(up) !== pointed(first);
  if (looped) {
    const hidden = !first.options.includes(pointed(up));
    // Back to the starting row: a planned result, taken as soon as the screen shows it.
    const again = await pressAndRead(program, forward, up, opts, (r) => r.pointer_seen && pointed(r) === pointed(first));
    if (!again || pointed(again) !== pointed(first)) return first;
    if (!hidden) return first;
  }
  // Walk to the end (or back round to the starting row), collecting what scrolls into view — in walking order.
  const all = forward === 'down' ? [...first.options] : [...first.options].reverse();
  const seen = new Map<string, string>();
  noteDescriptions(seen, first);
  noteDescriptions(seen, up);
  let current = looped ? program.peek() : up;
  let pos = 0;
  let wrapped = false;
  while (all.length < max) {
    const m = await pressAndRead(program, forward, current, opts);
    if (!m || !m.pointer_seen) break;
    noteDescriptions(seen, m);
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
      const m = await pressAndRead(program, back, current, opts);
      if (!m) break;
      current = m;
    }
  }
  const ordered = forward === 'down' ? all : all.reverse();
  const { descriptions: _shown, ...last } = program.peek();
  // Each option's description as seen while it was in view (a window shows some of them at a time).
  const described = ordered.map((o) => seen.get(o) ?? null);
  return { ...last, options: ordered, cursor_index: forward === 'down' ? 0 : ordered.length - 1, ...(described.some((d) => d !== null) ? { descriptions: described } : {}) };
}

/** Descriptions by option text, from every reading taken while walking the list. */
function noteDescriptions(seen: Map<string, string>, m: Reading | null): void {
  m?.options.forEach((o, i) => {
    const d = m.descriptions?.[i];
    if (d != null && !seen.has(o)) seen.set(o, d);
  });
}
