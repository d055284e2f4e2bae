import type { Key } from './keys.js';

/** A one-line text field: insert at the caret, Backspace/Delete, ←/→, Home/End, Ctrl-U clears. */
export interface LineEditor {
  text: string;
  caret: number;
}

export function newEditor(text = ''): LineEditor {
  return { text, caret: [...text].length };
}

/** Applies an editing key; returns null when the key is not an editing key. */
export function editLine(ed: LineEditor, key: Key): LineEditor | null {
  const chars = [...ed.text];
  switch (key.name) {
    case 'char':
      chars.splice(ed.caret, 0, key.char);
      return { text: chars.join(''), caret: ed.caret + 1 };
    case 'space':
      chars.splice(ed.caret, 0, ' ');
      return { text: chars.join(''), caret: ed.caret + 1 };
    case 'backspace':
      if (ed.caret === 0) return ed;
      chars.splice(ed.caret - 1, 1);
      return { text: chars.join(''), caret: ed.caret - 1 };
    case 'delete':
      chars.splice(ed.caret, 1);
      return { text: chars.join(''), caret: ed.caret };
    case 'left':
      return { ...ed, caret: Math.max(0, ed.caret - 1) };
    case 'right':
      return { ...ed, caret: Math.min(chars.length, ed.caret + 1) };
    case 'home':
      return { ...ed, caret: 0 };
    case 'end':
      return { ...ed, caret: chars.length };
    case 'ctrl':
      if (key.char === 'u') return { text: '', caret: 0 };
      if (key.char === 'a') return { ...ed, caret: 0 };
      if (key.char === 'e') return { ...ed, caret: chars.length };
      return null;
    default:
      return null;
  }
}
