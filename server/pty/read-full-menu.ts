import type { ParsedMenu } from './parse-menu.js';
import type { PtyProgram } from './pty-program.js';

export interface ReadFullMenuOptions {
  /** Quiet period after each probe key (default 20 ms). */
  stepSettleMs?: number;
  /** Give up on a probe key that changes nothing after this long (default 400 ms). */
  stepTimeoutMs?: number;
  maxOptions?: number;
}

async function press(program: PtyProgram, key: 'up' | 'down', opts: Required<ReadFullMenuOptions>): Promise<ParsedMenu | null> {
  program.pressKeys([key]);
  const r = await program.waitForInput({ settleMs: opts.stepSettleMs, timeoutMs: opts.stepTimeoutMs });
  if (r === 'exited') return null;
  return program.menu();
}

const pointed = (m: ParsedMenu) => m.options[m.cursor_index];

/**
 * A menu longer than the window shows only part of its options and scrolls. Probe with one Up: if the
 * pointer lands on an option not on screen, the list is longer than the window — walk Down through it,
 * collecting every option, until the pointer comes back to the first one (or stops moving), and leave the
 * pointer where it started. Menus that fit are left as read (after one Up and one Down).
 */
export async function readFullMenu(program: PtyProgram, first: ParsedMenu, options: ReadFullMenuOptions = {}): Promise<ParsedMenu> {
  const opts = { stepSettleMs: 20, stepTimeoutMs: 400, maxOptions: 500, ...options };
  if (first.answer_with !== 'option' || !first.pointer_seen || first.options.length < 2 || first.cursor_index !== 0) return first;
  const up = await press(program, 'up', opts);
  if (!up) return first;
  const hidden = up.pointer_seen && !first.options.includes(pointed(up));
  if (pointed(up) !== pointed(first)) {
    const back = await press(program, 'down', opts);
    if (!back || pointed(back) !== pointed(first)) return first;
  }
  if (!hidden) return first;
  const all = [...first.options];
  let pos = 0;
  let seenEnd = false;
  while (all.length < opts.maxOptions) {
    const m = await press(program, 'down', opts);
    if (!m || !m.pointer_seen) break;
    const text = pointed(m);
    if (text === all[0] && pos > 0) {
      pos = 0;
      seenEnd = true;
      break;
    }
    if (text === all[pos]) break; // the pointer did not move: a list that does not wrap
    pos++;
    if (pos >= all.length) all.push(text);
  }
  if (!seenEnd) {
    for (let i = 0; i < pos; i++) if (!(await press(program, 'up', opts))) break;
  }
  return { ...first, options: all, cursor_index: 0 };
}
