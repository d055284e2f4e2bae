import type { PtyProgram } from '../pty/index.js';

export interface MenuReading {
  prompt: string;
  options: Array<{ index: number; text: string }>;
  cursor: number;
}

/** The menu on a program's screen, as the PTY core's generic parser reads it (no orchestrator-specific rules). */
export function readMenu(program: PtyProgram): MenuReading {
  const menu = program.menu();
  return {
    prompt: menu.prompt,
    options: menu.answer_with === 'option' ? menu.options.map((text, index) => ({ index, text })) : [],
    cursor: menu.cursor_index,
  };
}
