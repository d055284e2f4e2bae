import { KEY_SEQUENCES } from '../pty/keys.js';
/** A key press decoded from raw-mode stdin. */
export type Key =
  | { name: 'up' | 'down' | 'left' | 'right' | 'home' | 'end' | 'pageup' | 'pagedown' }
  | { name: 'enter' | 'tab' | 'backtab' | 'escape' | 'backspace' | 'delete' | 'space' }
  | { name: 'ctrl'; char: string }
  | { name: 'char'; char: string };

/** Escape sequences of named keys, from the one key vocabulary (server/pty/keys.ts). */
function sequenceKey(seq: string): Key | undefined {
  const name = KEY_SEQUENCES.get(seq);
  if (!name || name === 'ctrl-c' || name === 'ctrl-d') return undefined;
  return { name } as Key;
}

/** Splits one chunk of raw input into keys (escape sequences, control bytes, pasted text). */
export function parseKeys(data: string): Key[] {
  const keys: Key[] = [];
  let i = 0;
  while (i < data.length) {
    const ch = data[i]!;
    if (ch === '\x1b') {
      const rest = data.slice(i);
      const csi = /^\x1b(\[[0-9;]*[A-Za-z~]|O[A-Za-z])/.exec(rest);
      if (csi) {
        keys.push(sequenceKey(csi[0]) ?? sequenceKey(csi[0].replace(/\[1;\d+/, '[')) ?? { name: 'escape' });
        i += csi[0].length;
        continue;
      }
      keys.push({ name: 'escape' });
      i += 1;
      continue;
    }
    if (ch === '\r' || ch === '\n') keys.push({ name: 'enter' });
    else if (ch === '\t') keys.push({ name: 'tab' });
    else if (ch === '\x7f' || ch === '\b') keys.push({ name: 'backspace' });
    else if (ch === ' ') keys.push({ name: 'space' });
    else if (ch < ' ') keys.push({ name: 'ctrl', char: String.fromCharCode(ch.charCodeAt(0) + 96) });
    else {
      const cp = data.codePointAt(i)!;
      const s = String.fromCodePoint(cp);
      keys.push({ name: 'char', char: s });
      i += s.length;
      continue;
    }
    i += 1;
  }
  return keys;
}
