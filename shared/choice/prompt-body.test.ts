import { describe, expect, it } from 'vitest';
import { promptBelowTitle } from './prompt-body.js';

describe('promptBelowTitle', () => {
  it('drops a first line that repeats the title (plain or as a heading)', () => {
    expect(promptBelowTitle('Which database?\n\nWe need one for orders.', 'Which database?')).toBe('We need one for orders.');
    expect(promptBelowTitle('## Which database?\nWe need one.', 'Which database?')).toBe('We need one.');
  });
  it('keeps the prompt when the first line differs', () => {
    expect(promptBelowTitle('We need a database.\nWhich?', 'Pick a database')).toBe('We need a database.\nWhich?');
  });
  it('has no body when the prompt is exactly the title, so the title is said once', () => {
    expect(promptBelowTitle('Which database?', 'Which database?')).toBe('');
    expect(promptBelowTitle('\n## Which database?\n\n', 'Which database?')).toBe('');
    expect(promptBelowTitle('  ', 'Which database?')).toBe('');
  });
  it('keeps a long first line whose title was cut short (…): the title does not hold all of it', () => {
    const line = `Which database should the order service use, given ${'x'.repeat(60)}?`;
    expect(promptBelowTitle(line, `${line.slice(0, 79)}…`)).toBe(line);
  });
});
