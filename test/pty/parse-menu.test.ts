import { describe, expect, test } from 'vitest';
import { isSpinnerVariant, keysToSelect, mapSelection, parseMenu } from '../../server/pty/index.js';

describe('parseMenu (generic, no prompt-specific logic)', () => {
  test('the seed example: prompt line, pointer column removed, cursor from the pointer', () => {
    const menu = parseMenu(['Multiple components found. Select one to import:', '> BQ79616 (JLCPCB)', '  BQ79616 (KiCad)', '  BQ79616 (Community)']);
    expect(menu).toMatchObject({
      prompt: 'Multiple components found. Select one to import:',
      options: ['BQ79616 (JLCPCB)', 'BQ79616 (KiCad)', 'BQ79616 (Community)'],
      cursor_index: 0,
      answer_with: 'option',
    });
  });

  test('a yes/no menu is parsed identically', () => {
    expect(parseMenu(['This source is non-standard. Continue?', '  yes', '> no'])).toMatchObject({ prompt: 'This source is non-standard. Continue?', options: ['yes', 'no'], cursor_index: 1 });
  });

  test('earlier output in the block does not become the prompt; a trailing key-hint footer is dropped', () => {
    const menu = parseMenu(['Fruit picker', '? Pick a fruit', '❯ Apple', '  Banana', '  Cherry', '', '↑↓ navigate • ⏎ select']);
    expect(menu).toMatchObject({ prompt: '? Pick a fruit', options: ['Apple', 'Banana', 'Cherry'], cursor_index: 0 });
  });

  test('scroll marks on the first/last visible rows are not the pointer (the highlighted row is)', () => {
    const plain = '0,-1,0,-1,0,0,0,0,0';
    const lit = '16777216,6,0,-1,0,1,0,0,0';
    const rows = [
      { text: '? Select a part › - Use arrow-keys. Return to submit.', row: 0, style: plain },
      { text: '  ↑ [jlcpcb] PART-5', row: 1, style: plain },
      { text: '❯   [jlcpcb] PART-6', row: 2, style: lit },
      { text: '  ↓ [jlcpcb] PART-7', row: 3, style: plain },
    ];
    expect(parseMenu(rows)).toMatchObject({ options: ['[jlcpcb] PART-5', '[jlcpcb] PART-6', '[jlcpcb] PART-7'], cursor_index: 1, pointer_seen: true });
  });

  test('a prompt with no option lines is answered by typing', () => {
    expect(parseMenu(["? Add '@tsci:registry'? › (Y/n)"])).toMatchObject({ prompt: "? Add '@tsci:registry'? › (Y/n)", options: [], answer_with: 'text' });
    expect(parseMenu([])).toMatchObject({ prompt: '', options: [], answer_with: 'text' });
  });
});

describe('selection mapping and keys', () => {
  test('first option containing the string wins; no match is -1', () => {
    const options = ['[jlcpcb] A (C1) - x', '[jlcpcb] AB (C2) - y', 'registry/ab'];
    expect(mapSelection(options, 'AB')).toBe(1);
    expect(mapSelection(options, 'A')).toBe(0);
    expect(mapSelection(options, 'zzz')).toBe(-1);
    expect(mapSelection(options, '')).toBe(-1);
  });

  test('arrow presses from the cursor to the target, then Enter', () => {
    expect(keysToSelect(0, 2)).toEqual(['down', 'down', 'enter']);
    expect(keysToSelect(3, 1)).toEqual(['up', 'up', 'enter']);
    expect(keysToSelect(1, 1)).toEqual(['enter']);
  });

  test('spinner variants differ in one or two non-letter cells only', () => {
    expect(isSpinnerVariant('⠋ Searching...', '⠙ Searching...')).toBe(true);
    expect(isSpinnerVariant('| working', '/ working')).toBe(true);
    expect(isSpinnerVariant('Step 1 of 3', 'Step 2 of 3')).toBe(false);
    expect(isSpinnerVariant('⠋ Searching...', '⠋ Searching...')).toBe(false);
  });
});
