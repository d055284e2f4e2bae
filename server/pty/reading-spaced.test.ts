import { describe, expect, test } from 'vitest';
import { readScreen } from './reading.js';
import type { BlockLine } from './terminal-screen.js';

/** Lines with a style each: `*` before a line draws it highlighted, `~` faint (a description), else plain. */
function block(text: string): BlockLine[] {
  return text.split('\n').map((line, row) => {
    const style = line.startsWith('*') ? 'cyan' : line.startsWith('~') ? 'faint' : 'plain';
    return { text: /^[*~]/.test(line) ? line.slice(1) : line, row, style };
  });
}

describe('options set apart by blank lines, each described under it', () => {
  test("Codex's sign-in: three numbered options, the highlighted one's description in its colour", () => {
    const r = readScreen(
      block(
        [
          '  Choose how you want to use Codex.',
          '',
          '*> 1. Sign in with ChatGPT',
          '*     Usage included with Plus, Pro, Business, and Enterprise plans',
          '',
          '  2. Sign in with Device Code',
          '~     Sign in from another device with a one-time code',
          '',
          '  3. Sign in another way',
          '~     Use an API key or another provider',
          '',
          '~  Press enter to continue',
        ].join('\n'),
      ),
    );
    expect(r.kind).toBe('select');
    expect(r.prompt).toBe('Choose how you want to use Codex.');
    expect(r.options).toEqual(['1. Sign in with ChatGPT', '2. Sign in with Device Code', '3. Sign in another way']);
    expect(r.cursor_index).toBe(0);
    expect(r.pointer_seen).toBe(true);
  });

  test("Qwen Code's auth choice in a box: titles and descriptions in one column, told apart by style", () => {
    const r = readScreen(
      block(
        [
          '  │ Select Authentication Method          │',
          '  │                                       │',
          '  │ › Alibaba ModelStudio                 │',
          '~  │   Official recommended setup          │',
          '  │                                       │',
          '  │   OAuth                               │',
          '~  │   Open a browser, sign in             │',
          '  │                                       │',
          '  │   Custom Provider                     │',
          '~  │   Manually connect a local server     │',
        ].join('\n'),
      ),
    );
    expect(r.kind).toBe('select');
    expect(r.prompt).toBe('Select Authentication Method');
    expect(r.options).toEqual(['Alibaba ModelStudio', 'OAuth', 'Custom Provider']);
    expect(r.cursor_index).toBe(0);
  });

  test('paragraphs of output, one quoted, are no list (the rows under each title share its style)', () => {
    const r = readScreen(block(['> quoted line', '    goes on here', '', '  Another paragraph', '    and its second line', '', '  A third one', '    ends here'].join('\n')));
    expect(r.kind === 'select' && r.pointer_seen).toBe(false);
  });

  test('bulleted output with details under each bullet is no list (bullets are not pointers)', () => {
    const r = readScreen(block(['• Ran echo hi', '~  └ hi', '', '• Ran ls', '~  └ made.txt', '', '• Edited a.txt', '~  └ +1 -0'].join('\n')));
    expect(r.kind === 'select' && r.pointer_seen).toBe(false);
  });

  test('two pointers (two frames of output) make no list', () => {
    const r = readScreen(block(['› first prompt', '~    its answer', '', '› second prompt', '~    its answer'].join('\n')));
    expect(r.kind === 'select' && r.pointer_seen).toBe(false);
  });
});
