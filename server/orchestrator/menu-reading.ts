import type { PtyProgram } from '../pty/pty-program.js';

export interface MenuReading {
  prompt: string;
  options: Array<{ index: number; text: string }>;
  cursor: number;
}

/**
 * The menu on a program's screen, read by the PTY core's generic parser.
 * TEMPORARY until server/pty exports its menu parser: prompt = first non-empty line of the block drawn
 * since the last input, no options.
 */
export function readMenu(program: PtyProgram): MenuReading {
  const block = program.blockSinceLastInput();
  const prompt = block.find((line) => line.trim())?.trim() ?? '';
  return { prompt, options: [], cursor: 0 };
}
