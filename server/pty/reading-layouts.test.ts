// Issue 24's layouts as the reader sees them (the screens drawn by clack, fzf, Ink and prompt_toolkit, reduced to
// text and styles): the stand-ins that draw them for real run in test/prompt-matrix/.
import { describe, expect, test } from 'vitest';
import { isSpinnerVariant, readScreen, type BlockLine, type ScreenView } from './index.js';

// Style keys as screen-cells.ts writes them: fgMode,fg,bgMode,bg,bold,underline,inverse,dim,italic.
const PLAIN = '0,0,0,0,0,0,0,0,0';
const DIM = '0,0,0,0,0,0,0,1,0';
const MAGENTA = '16777216,5,0,0,0,0,0,0,0';
const HEADER = '33554432,109,0,0,0,0,0,0,0';
const INFO = '33554432,144,0,0,0,0,0,0,0';
const CURRENT = '33554432,254,33554432,236,1,0,0,0,0';

/** A line drawn in runs of [text, style]. */
function drawn(row: number, ...runs: Array<[string, string]>): BlockLine {
  const text = runs.map(([t]) => t).join('');
  const styles = runs.flatMap(([t, s]) => Array.from(t).map(() => s));
  const first = styles[Array.from(text).findIndex((c) => /[\p{L}\p{N}[(]/u.test(c))] ?? PLAIN;
  return { text, row, style: first, styles };
}
const lines = (...rows: Array<Array<[string, string]>>) => rows.map((runs, row) => drawn(row, ...runs));
const view = (block: BlockLine[], cols: number, cursorRow?: number, visible = false): ScreenView => ({
  lines: block.map((l) => l.text), cols, rows: 30, applicationCursor: false,
  cursor: { line: cursorRow ?? block.length - 1, column: cursorRow === undefined ? 0 : Array.from(block[cursorRow].text).length, visible, row: cursorRow ?? block.length - 1 },
});
const PARTS = ['CL05B104KO5NNNC - 100nF Samsung', 'GRM155R71C104KA88D - 100nF Murata', 'CC0402KRX7R7BB104 - 100nF Yageo'];

describe('issue 24: layouts real prompt libraries draw', () => {
  test('1. a hint shown on the focused row only (clack select) is not part of the option', () => {
    const at = (focus: number) =>
      readScreen(lines(
        [['◆  Which part should be imported?', PLAIN]],
        ...PARTS.map((p, i): Array<[string, string]> => (i === focus ? [['│  ', PLAIN], ['● ', PLAIN], [p, PLAIN], [` (${i * 100} in stock)`, DIM]] : [['│  ', PLAIN], ['○ ', DIM], [p, DIM]])),
        [['│  ↑/↓ to navigate • Enter: confirm', DIM]],
      ));
    for (const focus of [0, 1, 2]) expect(at(focus)).toMatchObject({ kind: 'select', options: PARTS, cursor_index: focus, pointer_seen: true, prompt: '◆  Which part should be imported?' });
  });

  test('1. a faint detail on every row stays (it does not change with the focus)', () => {
    const r = readScreen(lines([['Pick one', PLAIN]], ...PARTS.map((p, i): Array<[string, string]> => [[i === 1 ? '❯ ' : '  ', PLAIN], [p, i === 1 ? MAGENTA : PLAIN], [' (stock)', DIM]])));
    expect(r.options).toEqual(PARTS.map((p) => `${p} (stock)`));
  });

  const fzfItems = (focus: number) => PARTS.map((p, i): Array<[string, string]> => (i === focus ? [['> ', CURRENT], [p, CURRENT]] : [['  ', PLAIN], [p, PLAIN]]));
  test('4. fzf --reverse: the query line, the counter and the header are not options; the header is the question', () => {
    const block = lines([['part> ', PLAIN]], [['  ', PLAIN], ['5/5 ', INFO], ['──────────', INFO]], [['  Which part should be imported?', HEADER]], ...fzfItems(1));
    expect(readScreen(block, view(block, 80, 0, true))).toMatchObject({ kind: 'select', options: PARTS, cursor_index: 1, pointer_seen: true, prompt: 'Which part should be imported?\npart>' });
  });

  test('4. fzf default layout: the list drawn upward, header and counter under it, the query line last', () => {
    const block = lines([['Searching for "x" in the registry...', PLAIN]], ...fzfItems(2), [['  Which part should be imported?', HEADER]], [['  ', PLAIN], ['3/3 ', INFO], ['──────────', INFO]], [['part> ', PLAIN]]);
    expect(readScreen(block, view(block, 80, block.length - 1, true))).toMatchObject({ kind: 'select', options: PARTS, cursor_index: 2, prompt: 'Which part should be imported?\npart>' });
  });

  const twoLine = (focus: number, gap: boolean) =>
    PARTS.flatMap((p, i): Array<Array<[string, string]>> => {
      const bar: [string, string] = i === focus ? ['│ ', MAGENTA] : ['  ', PLAIN];
      const item: Array<Array<[string, string]>> = [[bar, [p, i === focus ? MAGENTA : PLAIN]], [bar, [`${p.split(' - ')[1]} · details`, DIM]]];
      return gap && i < PARTS.length - 1 ? [...item, [['', PLAIN]]] : item;
    });
  test('5. items on two lines, the focus a bar in the margin (Ink, bubbles): one option per item, its title', () => {
    for (const gap of [false, true]) {
      for (const focus of [0, 2]) {
        const r = readScreen(lines([['Which part should be imported?', PLAIN]], [['', PLAIN]], ...twoLine(focus, gap), [['↑/↓ move • enter choose', DIM]]));
        expect(r, `gap ${gap}, focus ${focus}`).toMatchObject({ kind: 'select', options: PARTS, cursor_index: focus, pointer_seen: true, prompt: 'Which part should be imported?' });
      }
    }
  });

  test('6. a scrollbar\'s ^/v in the last columns is not part of the rows (prompt_toolkit)', () => {
    const pad = (t: string, cols: number, end: string) => t + ' '.repeat(cols - 1 - Array.from(t).length) + end;
    for (const cols of [80, 120]) {
      const block = lines(
        [['Which part should be imported?', PLAIN]],
        ...PARTS.map((p, i): Array<[string, string]> => [[pad(`${i === 1 ? '(*)' : '( )'} ${p}`, cols, i === 0 ? '^' : i === 2 ? 'v' : ' '), i === 1 ? CURRENT : PLAIN]]),
      );
      expect(readScreen(block, view(block, cols))).toMatchObject({ options: PARTS, cursor_index: 1 });
    }
  });

  test('2. a log line that asks, printed between clack\'s steps, is not the question of a message that does not', () => {
    const r = readScreen(lines(
      [['┌  tsci import', PLAIN]], [['│', PLAIN]], [['note: did you mean "CL05B104KO5NNNC"?', PLAIN]], [['│', PLAIN]],
      [['◆  Select the part to import', PLAIN]],
      ...PARTS.map((p, i): Array<[string, string]> => [['│  ', PLAIN], [i === 0 ? '● ' : '○ ', i === 0 ? PLAIN : DIM], [p, i === 0 ? PLAIN : DIM]]),
      [['└', PLAIN]],
    ));
    expect(r).toMatchObject({ prompt: '◆  Select the part to import', options: PARTS, cursor_index: 0 });
  });

  test('3. a spinner whose message animates dots is still a spinner (clack spinner)', () => {
    expect(isSpinnerVariant('◒  Searching the registry', '◐  Searching the registry...')).toBe(true);
    expect(isSpinnerVariant('◒  Searching the registry.', '◒  Searching the registry..')).toBe(true);
    expect(isSpinnerVariant('◒  Searching the registry', '◒  Searching the registry, 5 found')).toBe(false);
  });
});
