import { describe, expect, test } from 'vitest';
import { decodeKey, encodeKey, isSpinnerVariant, keyNamed, mapSelection, readScreen, type BlockLine, type ScreenView } from './index.js';

/** A screen whose visible cursor waits at the end of the last line (a typing field). */
function typingAt(lines: string[]): ScreenView {
  const last = lines.length - 1;
  return { lines, cursor: { line: last, column: Array.from(lines[last]).length, visible: true }, cols: 80, rows: 24, applicationCursor: false };
}

const PLAIN = 'plain';
const LIT = 'lit';
const styled = (rows: Array<[string, string?]>): BlockLine[] => rows.map(([text, style], row) => ({ text, row, style: style ?? PLAIN }));

describe('readScreen: one list, the question as a person reads it', () => {
  test('the seed example: prompt line, pointer column removed, cursor from the pointer', () => {
    const menu = readScreen(['Multiple components found. Select one to import:', '> BQ79616 (JLCPCB)', '  BQ79616 (KiCad)', '  BQ79616 (Community)']);
    expect(menu).toMatchObject({
      kind: 'select',
      prompt: 'Multiple components found. Select one to import:',
      options: ['BQ79616 (JLCPCB)', 'BQ79616 (KiCad)', 'BQ79616 (Community)'],
      cursor_index: 0,
      answer_with: 'option',
      pointer_seen: true,
    });
  });

  test('a yes/no menu is read identically', () => {
    expect(readScreen(['This source is non-standard. Continue?', '  yes', '> no'])).toMatchObject({ prompt: 'This source is non-standard. Continue?', options: ['yes', 'no'], cursor_index: 1 });
  });

  test('earlier output does not become the prompt; a key-hint footer is not an option', () => {
    const menu = readScreen(['Fruit picker', '? Pick a fruit', '❯ Apple', '  Banana', '  Cherry', '', '↑↓ navigate • ⏎ select']);
    expect(menu).toMatchObject({ prompt: '? Pick a fruit', options: ['Apple', 'Banana', 'Cherry'], cursor_index: 0 });
  });

  test('scroll marks on the first/last visible rows are not the pointer (the highlighted row is)', () => {
    const rows = styled([['? Select a part › - Use arrow-keys. Return to submit.'], ['  ↑ [jlcpcb] PART-5'], ['❯   [jlcpcb] PART-6', LIT], ['  ↓ [jlcpcb] PART-7']]);
    expect(readScreen(rows)).toMatchObject({ options: ['[jlcpcb] PART-5', '[jlcpcb] PART-6', '[jlcpcb] PART-7'], cursor_index: 1, pointer_seen: true });
  });

  test('the highlight by attribute alone (inverse row, no marker)', () => {
    const rows = styled([['Pick one'], ['  alpha'], ['  beta', LIT], ['  gamma']]);
    expect(readScreen(rows)).toMatchObject({ kind: 'select', options: ['alpha', 'beta', 'gamma'], cursor_index: 1, pointer_seen: true });
  });

  test('a prompt with no option lines is answered by typing', () => {
    expect(readScreen(["? Add '@tsci:registry'? › (Y/n)"])).toMatchObject({ prompt: "? Add '@tsci:registry'? › (Y/n)", options: [], answer_with: 'text', kind: 'text' });
    expect(readScreen([])).toMatchObject({ prompt: '', options: [], answer_with: 'text', kind: 'none' });
  });
});

describe('readScreen: the issue\'s classes', () => {
  test('1. the question sits on the line the cursor waits on, after earlier output', () => {
    const lines = ['tool v2', 'Searching…', 'Found 2 parts', 'Use it? [y/N]'];
    expect(readScreen(lines, typingAt(lines))).toMatchObject({ kind: 'text', prompt: 'Use it? [y/N]', options: [], typing: true });
  });

  test('1. bash select: the numbered menu above, `#?` where the cursor waits', () => {
    const lines = ['Pick a fruit', '1) apple', '2) banana', '3) cherry', '#?'];
    expect(readScreen(lines, typingAt(lines))).toMatchObject({ kind: 'text', prompt: 'Pick a fruit\n#?', options: ['1) apple', '2) banana', '3) cherry'], labels: ['1', '2', '3'] });
  });

  test('the same block reads the same for every consumer: a lettered list and a typing field', () => {
    const lines = ['Setup wizard', '  a) use defaults', '  b) customise', 'Project name?'];
    expect(readScreen(lines, typingAt(lines))).toMatchObject({ kind: 'text', prompt: 'Setup wizard\nProject name?', options: ['a) use defaults', 'b) customise'], labels: ['a', 'b'] });
  });

  test('2. a list behind a box-drawing gutter (clack style): the gutter is not part of the options', () => {
    const lines = styled([['┌  create-app'], ['│'], ['◆  Pick a framework'], ['│  ● React', LIT], ['│  ○ Vue'], ['│  ○ Svelte'], ['└']]);
    expect(readScreen(lines)).toMatchObject({ kind: 'select', prompt: '◆  Pick a framework', options: ['React', 'Vue', 'Svelte'], cursor_index: 0, pointer_seen: true });
  });

  test('2. a full-screen dialog box: borders, title and buttons are not options; the inverse row is the highlight', () => {
    const lines = styled([
      ['┌──────────┤ Parts ├──────────┐'],
      ['│ Choose a part:              │'],
      ['│                             │'],
      ['│    1  Resistor              │'],
      ['│    2  Capacitor             │', LIT],
      ['│    3  Inductor              │'],
      ['│                             │'],
      ['│       <Ok>     <Cancel>     │'],
      ['└─────────────────────────────┘'],
    ]);
    expect(readScreen(lines)).toMatchObject({ kind: 'select', prompt: 'Choose a part:', options: ['1  Resistor', '2  Capacitor', '3  Inductor'], cursor_index: 1, pointer_seen: true });
  });

  test('4. multi-select: checkbox marks read, the pointer apart from them, the footer not an option', () => {
    const lines = ['? Pick toppings (Press <space> to select)', '❯◯ cheese', ' ◉ ham', ' ◯ olives', '', '↑↓ navigate • space select • ⏎ submit'];
    expect(readScreen(lines)).toMatchObject({ kind: 'multi_select', options: ['cheese', 'ham', 'olives'], cursor_index: 0, marked: [1], answer_with: 'option' });
    const brackets = ['Pick toppings', '> [ ] cheese', '  [x] ham', '  [x] olives'];
    expect(readScreen(brackets)).toMatchObject({ kind: 'multi_select', options: ['cheese', 'ham', 'olives'], cursor_index: 0, marked: [1, 2] });
  });

  test('check marks on every row, told apart by style only (faint: not chosen), with a current row: a checklist; without one, no checklist', () => {
    const GREY = '16777216,8,0,-1,0,0,0,0,0';
    const GREEN = '16777216,2,0,-1,0,0,0,0,0';
    const CURRENT = '16777216,6,0,-1,0,1,0,0,0';
    const row = (text: string, row: number, mark: string, style = PLAIN): BlockLine => ({ text: `✔ ${text}`, row, style, styles: [mark, PLAIN, ...Array.from(text).map(() => style)] });
    const lines = [{ text: '? Which parts? …', row: 0, style: PLAIN }, row('alpha', 1, GREEN), row('beta', 2, GREY), row('gamma', 3, GREEN, CURRENT), row('delta', 4, GREY)];
    expect(readScreen(lines)).toMatchObject({ kind: 'multi_select', options: ['alpha', 'beta', 'gamma', 'delta'], cursor_index: 2, marked: [0, 2] });
    const done = [{ text: 'Installing', row: 0, style: PLAIN }, row('fetched', 1, GREEN), row('built', 2, GREEN), row('linked', 3, GREEN)];
    expect(readScreen(done)).toMatchObject({ kind: 'select', pointer_seen: false, marked: [] });
  });

  test('a radio list (one round mark filled, nothing else singling a row out) is a single select', () => {
    expect(readScreen(['Continue?', '● Yes', '○ No'])).toMatchObject({ kind: 'select', options: ['Yes', 'No'], cursor_index: 0, pointer_seen: true });
  });

  test('agent CLIs: a ● or › pointer before numbered options; descriptions under an option are not options', () => {
    const gemini = ['│ Allow execution of [echo]?        │', '│                                   │', '│ ● 1. Yes, allow once              │', '│   2. Yes, allow always            │', '│   3. No (esc)                     │'];
    expect(readScreen(gemini)).toMatchObject({ kind: 'select', prompt: 'Allow execution of [echo]?', options: ['1. Yes, allow once', '2. Yes, allow always', '3. No (esc)'], cursor_index: 0 });
    const codex = ['Allow command?', '› 1. Yes, proceed', '     runs it once', '  2. No, and tell Codex what to do', '     esc'];
    expect(readScreen(codex)).toMatchObject({ kind: 'select', options: ['1. Yes, proceed', '2. No, and tell Codex what to do'], cursor_index: 0 });
  });

  test('a note between the question and its options (a command, a hint, a key-hint block): the question is the line that asks', () => {
    const codex = ['Would you like to run the following command?', '', 'Reason: the script asks', '', '$ echo hi > made.txt', '', '› 1. Yes, proceed (y)', '  2. No (esc)'];
    expect(readScreen(codex)).toMatchObject({ prompt: 'Would you like to run the following command?', options: ['1. Yes, proceed (y)', '2. No (esc)'] });
    const hint = ['│ Allow execution of [Shell]?       │', '│ To auto-accept, press Shift+Tab   │', '│                                   │', '│ ● 1. Allow once                   │', '│   2. No (esc)                     │'];
    expect(readScreen(hint).prompt).toBe('Allow execution of [Shell]?');
    const help = ['? Which parts? ›', 'Instructions:', '    ↑/↓: Highlight option', '    enter/return: Complete answer', '◯   alpha', '◯   beta'];
    expect(readScreen(help).prompt).toBe('? Which parts? ›');
    expect(readScreen(['Searching \'foo?\'...', 'Select one to import:', '(2 found)', '❯ a', '  b']).prompt).toBe('Select one to import:');
  });

  test('no question is looked for across a separator, nor further than a few lines up', () => {
    expect(readScreen(['Keep going?', '──────────', 'Pick a mode', '❯ fast', '  slow']).prompt).toBe('Pick a mode');
    expect(readScreen(['Keep going?', 'a', 'b', 'c', 'd', 'e', 'Pick a mode', '❯ fast', '  slow']).prompt).toBe('Pick a mode');
  });

  test('a question the program wrapped at the screen width reads as one paragraph', () => {
    const rows: BlockLine[] = [
      { text: 'Is this a project you created or one you trust? (Like your own code, or a', row: 0, style: PLAIN },
      { text: 'well-known project.)', row: 1, style: PLAIN },
      { text: 'Security guide', row: 3, style: PLAIN },
      { text: '❯ 1. Yes', row: 5, style: PLAIN },
      { text: '  2. No', row: 6, style: PLAIN },
    ];
    const screen: ScreenView = { lines: [], cursor: { line: 0, column: 0, visible: false }, cols: 80, rows: 24, applicationCursor: false };
    expect(readScreen(rows, screen).prompt).toBe('Is this a project you created or one you trust? (Like your own code, or a well-known project.)');
  });

  test('a typing field with a dim placeholder, well below a banner, is what waits: the banner is not a menu', () => {
    const DIM = '0,-1,0,-1,0,0,0,1,0';
    const composer = '› Ask anything';
    const texts = ['  >_ Some CLI (v1)', '     /home/me/proj', '', '› fix the bug', '', '• Working (3s)', '', composer, '', '  ? for shortcuts'];
    const rows: BlockLine[] = texts.map((text, row) => ({ text, row, style: row === 1 ? LIT : PLAIN, styles: Array.from(text).map((_, i) => (row === 7 && i >= 2 ? DIM : PLAIN)) }));
    const screen: ScreenView = { lines: texts, cursor: { line: 7, column: 2, visible: true, row: 7 }, cols: 80, rows: 24, applicationCursor: false };
    expect(readScreen(rows, screen)).toMatchObject({ kind: 'text', options: [], typing: true, prompt: composer });
  });

  test('a plain run of output lines under a typing field is not a menu', () => {
    const lines = ['Installing', 'fetched a', 'fetched b', 'Name?'];
    expect(readScreen(lines, typingAt(lines))).toMatchObject({ kind: 'text', options: [], prompt: 'Name?' });
  });

  test('two frames of a spinner left on two lines (each row its own glyph, none singled out) are not a menu', () => {
    const block = ['⠋ Installing tscircuit/bq79616...Adding @tsci/tscircuit.bq79616...', '⠙ Installing tscircuit/bq79616...'];
    expect(readScreen(block)).toMatchObject({ kind: 'text', options: [] });
  });

  test('screen carries the block verbatim', () => {
    expect(readScreen(['│ Title │', '> a', '  b']).screen).toBe('│ Title │\n> a\n  b');
  });
});

describe('selection mapping and the key vocabulary', () => {
  test('first option containing the string wins; no match is -1', () => {
    const options = ['[jlcpcb] A (C1) - x', '[jlcpcb] AB (C2) - y', 'registry/ab'];
    expect(mapSelection(options, 'AB')).toBe(1);
    expect(mapSelection(options, 'A')).toBe(0);
    expect(mapSelection(options, 'zzz')).toBe(-1);
    expect(mapSelection(options, '')).toBe(-1);
  });

  test('names to bytes (cursor mode aware) and back; `esc` is a key', () => {
    expect(encodeKey('down', false)).toBe('\x1b[B');
    expect(encodeKey('down', true)).toBe('\x1bOB');
    expect(decodeKey('\x1bOA')).toBe('up');
    expect(decodeKey('\r')).toBe('enter');
    expect(keyNamed('esc')).toBe('escape');
    expect(keyNamed('Enter')).toBe('enter');
    expect(keyNamed('hello')).toBeNull();
  });

  test('spinner variants differ in one or two non-letter cells only', () => {
    expect(isSpinnerVariant('⠋ Searching...', '⠙ Searching...')).toBe(true);
    expect(isSpinnerVariant('| working', '/ working')).toBe(true);
    expect(isSpinnerVariant('Step 1 of 3', 'Step 2 of 3')).toBe(false);
    expect(isSpinnerVariant('⠋ Searching...', '⠋ Searching...')).toBe(false);
  });
});

describe('readScreen: choices side by side and lists in columns', () => {
  test('a one-line confirm behind a gutter: ○ Yes / ● No, the filled one highlighted', () => {
    expect(readScreen(['┌  tsci import', '│', '◆  Import it?', '│  ○ Yes / ● No', '└'])).toMatchObject({ kind: 'select', prompt: '◆  Import it?', options: ['Yes', 'No'], cursor_index: 1, horizontal: true });
  });

  test('bash select lays a long list out in columns: read in number order', () => {
    const lines = ['Which part?', '1) alpha      4) delta', '2) beta       5) epsilon', '3) gamma', '#?'];
    expect(readScreen(lines, typingAt(lines))).toMatchObject({ kind: 'text', options: ['1) alpha', '2) beta', '3) gamma', '4) delta', '5) epsilon'], labels: ['1', '2', '3', '4', '5'] });
  });

  test('plain output lines with a (y/N) question last are not a menu', () => {
    expect(readScreen(['Searching…', 'Best match: X', '? Import X? › (y/N)'])).toMatchObject({ kind: 'text', options: [], prompt: '? Import X? › (y/N)' });
  });
});

describe('readScreen: a visible cursor parked on the pointer row', () => {
  test('is not a typing field: the list is still the menu', () => {
    const lines = ['? Which part? (3 found)', '  alpha', '  beta', '* gamma'];
    expect(readScreen(lines, typingAt(lines))).toMatchObject({ kind: 'select', options: ['alpha', 'beta', 'gamma'], cursor_index: 2, typing: false });
  });

  test('also when the pointer is a lone ● (a round glyph that is a mark on a checklist)', () => {
    const lines = ['? Which part? (3 found)', '  alpha', '  beta', '● gamma'];
    expect(readScreen(lines, typingAt(lines))).toMatchObject({ kind: 'select', options: ['alpha', 'beta', 'gamma'], cursor_index: 2, typing: false });
  });
});
