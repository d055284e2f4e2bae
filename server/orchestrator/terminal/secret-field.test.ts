import { describe, expect, it } from 'vitest';
import { maskRow, maskText, typedInto } from './secret-field.js';

describe('secret fields', () => {
  it('takes what keystrokes leave in a field: text, Backspace, Ctrl-U; no escapes, no Enter', () => {
    expect(typedInto('', 'sk-test')).toBe('sk-test');
    expect(typedInto('sk-tesx', '\x7f')).toBe('sk-tes');
    expect(typedInto('', '\x1b[200~sk-paste\x1b[201~\r')).toBe('sk-paste');
    expect(typedInto('abc', '\x1b[D\x1bOA\x15xy')).toBe('xy');
  });

  it('masks the typed text on a rendered row, whole or in the pieces a narrow field shows', () => {
    expect(maskRow('│sk-test-SECRET123456   │', ['sk-test-SECRET123456'])).toBe(`│${'•'.repeat(20)}   │`);
    // Wrapped over two rows, or scrolled so the start is cut.
    expect(maskText('│sk-test-SEC│\n│RET123456  │', ['sk-test-SECRET123456'])).toBe(`│${'•'.repeat(11)}│\n│${'•'.repeat(9)}  │`);
    expect(maskRow('…ECRET123456', ['sk-test-SECRET123456'])).toBe(`…${'•'.repeat(11)}`);
    // Short runs shared by chance stay (under 4 characters); a secret shorter than that is masked whole.
    expect(maskRow('Press esc to go back', ['sk-test-SECRET123456'])).toBe('Press esc to go back');
    expect(maskRow('key: ab', ['ab'])).toBe('key: ••');
  });
});
