/**
 * The one key vocabulary of gatehouse: key names -> the bytes a terminal sends (cursor keys follow the mode
 * the program asked for), and bytes -> names (for logs and for reading what a person typed).
 */
export const KEY_NAMES = [
  'up', 'down', 'left', 'right', 'home', 'end', 'pageup', 'pagedown', 'delete',
  'enter', 'space', 'escape', 'tab', 'backtab', 'backspace', 'ctrl-c', 'ctrl-d',
] as const;

export type KeyName = (typeof KEY_NAMES)[number];

/** A key press, or `{ text }` typed verbatim. */
export type Key = KeyName | { text: string };

/** Other spellings accepted where people write key names (handler specs, HTTP bodies). */
const ALIASES: Record<string, KeyName> = { esc: 'escape', return: 'enter', 'shift-tab': 'backtab' };

/** The key named `name` (an alias such as `esc` included), or null when it names no key. */
export function keyNamed(name: string): KeyName | null {
  const lower = name.toLowerCase();
  if ((KEY_NAMES as readonly string[]).includes(lower)) return lower as KeyName;
  return ALIASES[lower] ?? null;
}

/** Every name `keyNamed` accepts (for schemas and error messages). */
export const ACCEPTED_KEY_NAMES: readonly string[] = [...KEY_NAMES, ...Object.keys(ALIASES)];

/** Cursor keys: final byte of `CSI x` / `SS3 x`. */
const CURSOR: Partial<Record<KeyName, string>> = { up: 'A', down: 'B', right: 'C', left: 'D', home: 'H', end: 'F' };

const FIXED: Partial<Record<KeyName, string>> = {
  pageup: '\x1b[5~',
  pagedown: '\x1b[6~',
  delete: '\x1b[3~',
  enter: '\r',
  space: ' ',
  escape: '\x1b',
  tab: '\t',
  backtab: '\x1b[Z',
  backspace: '\x7f',
  'ctrl-c': '\x03',
  'ctrl-d': '\x04',
};

/**
 * The bytes a terminal sends for a key. Cursor keys follow the mode the program asked for: application
 * cursor mode (DECCKM, `CSI ? 1 h`) sends `ESC O A`, normal mode `ESC [ A`.
 */
export function encodeKey(key: Key, applicationCursor: boolean): string {
  if (typeof key === 'object') return key.text;
  const cursor = CURSOR[key];
  if (cursor) return (applicationCursor ? '\x1bO' : '\x1b[') + cursor;
  const fixed = FIXED[key];
  if (fixed === undefined) throw new Error(`unknown key: ${String(key)}`);
  return fixed;
}

/** Every byte sequence a terminal may send for a named key (both cursor modes, common variants). */
export const KEY_SEQUENCES: ReadonlyMap<string, KeyName> = (() => {
  const map = new Map<string, KeyName>();
  for (const name of KEY_NAMES) {
    map.set(encodeKey(name, false), name);
    map.set(encodeKey(name, true), name);
  }
  for (const [seq, name] of [['\x1b[1~', 'home'], ['\x1b[4~', 'end'], ['\n', 'enter'], ['\b', 'backspace']] as const) map.set(seq, name);
  return map;
})();

/** The name of the key `bytes` encodes, or null (for logs: "pressed down"). */
export function decodeKey(bytes: string): KeyName | null {
  return KEY_SEQUENCES.get(bytes) ?? null;
}

/** A key as words for messages and logs. */
export function describeKey(key: Key): string {
  return typeof key === 'object' ? JSON.stringify(key.text) : key;
}
