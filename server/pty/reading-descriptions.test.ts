import { describe, expect, test } from 'vitest';
import { readScreen } from './reading.js';
import type { BlockLine } from './terminal-screen.js';

const PLAIN = '';
const DIM = 'dim';
const line = (text: string, row: number, style = PLAIN, styles?: string[]): BlockLine => ({ text, row, style, ...(styles ? { styles } : {}) });

describe('descriptions under options are relayed beside them, never as options', () => {
  test("Codex's approval: the line indented under an option is its description; the last option's too", () => {
    const codex = ['Allow command?', '› 1. Yes, proceed', '     runs it once', '  2. No, and tell Codex what to do', '     esc'];
    expect(readScreen(codex)).toMatchObject({ options: ['1. Yes, proceed', '2. No, and tell Codex what to do'], descriptions: ['runs it once', 'esc'] });
  });

  test('an option without one is null; a list with none has no descriptions at all', () => {
    expect(readScreen(['Pick', '❯ a', '    the first', '  b', '  c']).descriptions).toEqual(['the first', null, null]);
    expect(readScreen(['Pick', '❯ a', '  b', '  c']).descriptions).toBeUndefined();
  });

  test('two-line items (title, dim description in the same column, a bar marks the focus): one option each, the dim line its description', () => {
    const rows = [
      line('Which part should be imported?', 0),
      line('│ RC0603 - 1k', 1, 'fg5'),
      line('│ 1k 1% 0603 · 6 characters', 2, DIM),
      line('  RC0805 - 2k', 3),
      line('  2k 1% 0805 · 6 characters', 4, DIM),
      line('  RC1206 - 3k', 5),
      line('  3k 1% 1206 · 6 characters', 6, DIM),
      line('  ↓ more', 7, DIM),
      line('↑/↓ move • enter choose', 8, DIM),
    ];
    const read = readScreen(rows);
    expect(read.options).toEqual(['RC0603 - 1k', 'RC0805 - 2k', 'RC1206 - 3k']);
    expect(read.descriptions).toEqual(['1k 1% 0603 · 6 characters', '2k 1% 0805 · 6 characters', '3k 1% 1206 · 6 characters']);
  });

  test('a key hint or a blank line under the last option is not its description', () => {
    expect(readScreen(['Pick', '❯ a', '    first', '  b', '    second', '  c', '', '    (use arrows)']).descriptions).toEqual(['first', 'second', null]);
  });
});
