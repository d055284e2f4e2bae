import type { PtyProgram } from '../pty/index.js';

export interface MenuReading {
  prompt: string;
  options: Array<{ index: number; text: string }>;
  cursor: number;
}

/**
 * The menu on a program's screen, as the PTY core's generic parser reads it. One adjustment: when the
 * answer is typed text (no menu), the question is the line the cursor waits on — the core's parser may
 * name an earlier line of a block with no input yet (e.g. a banner) as the prompt.
 */
export function readMenu(program: PtyProgram): MenuReading {
  const menu = program.menu();
  const lastLine = program.blockSinceLastInput().filter((line) => line.trim()).pop()?.trim();
  return {
    prompt: menu.answer_with === 'text' && lastLine ? lastLine : menu.prompt,
    options: menu.answer_with === 'option' ? menu.options.map((text, index) => ({ index, text })) : [],
    cursor: menu.cursor_index,
  };
}
