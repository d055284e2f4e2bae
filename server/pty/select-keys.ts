import type { Key } from './keys.js';

/** Arrow presses from `cursorIndex` to `targetIndex`, then Enter (no wrapping shortcuts, no heuristics). */
export function keysToSelect(cursorIndex: number, targetIndex: number): Key[] {
  const delta = targetIndex - cursorIndex;
  const arrows: Key[] = Array.from({ length: Math.abs(delta) }, () => (delta > 0 ? 'down' : 'up'));
  return [...arrows, 'enter'];
}
