import type { PtyProgram, Reading } from '../../pty/index.js';

export interface MenuReading {
  prompt: string;
  options: Array<{ index: number; text: string }>;
  cursor: number;
  /** The whole reading (kind, marks, labels, the block verbatim) from the PTY core's one reader. */
  reading: Reading;
}

/**
 * The menu on a program's screen, as the PTY core's one reader sees it (no second reading here): the options
 * of a list answered by arrows, or of a numbered list answered by typing its number.
 */
export function readMenu(program: PtyProgram): MenuReading {
  const reading = program.read();
  const listed = reading.answer_with === 'option' || reading.labels !== null;
  return {
    prompt: reading.prompt,
    options: listed ? reading.options.map((text, index) => ({ index, text })) : [],
    cursor: reading.cursor_index,
    reading,
  };
}
