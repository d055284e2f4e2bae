/** Named keys the mediator can press. `{ text }` types the text verbatim. */
export type KeyName =
  | 'up'
  | 'down'
  | 'left'
  | 'right'
  | 'enter'
  | 'space'
  | 'escape'
  | 'tab'
  | 'backspace'
  | 'home'
  | 'end'
  | 'ctrl-c';

export type Key = KeyName | { text: string };

const ARROWS: Record<string, string> = { up: 'A', down: 'B', right: 'C', left: 'D', home: 'H', end: 'F' };

const PLAIN: Record<string, string> = {
  enter: '\r',
  space: ' ',
  escape: '\x1b',
  tab: '\t',
  backspace: '\x7f',
  'ctrl-c': '\x03',
};

/**
 * The bytes a terminal sends for a key. Cursor keys follow the mode the program asked for:
 * application cursor mode (DECCKM, `CSI ? 1 h`) sends `ESC O A`, normal mode `ESC [ A`.
 */
export function encodeKey(key: Key, applicationCursor: boolean): string {
  if (typeof key === 'object') return key.text;
  const arrow = ARROWS[key];
  if (arrow) return (applicationCursor ? '\x1bO' : '\x1b[') + arrow;
  const plain = PLAIN[key];
  if (plain === undefined) throw new Error(`unknown key: ${String(key)}`);
  return plain;
}
