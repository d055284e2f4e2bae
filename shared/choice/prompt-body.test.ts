import { describe, expect, it } from 'vitest';
import { promptBelowTitle } from './prompt-body.js';

describe('promptBelowTitle', () => {
  it('drops a first line that repeats the title (plain or as a heading)', () => {
    expect(promptBelowTitle('Which database?\n\nWe need one for orders.', 'Which database?')).toBe('We need one for orders.');
    expect(promptBelowTitle('## Which database?\nWe need one.', 'Which database?')).toBe('We need one.');
  });
  it('keeps the prompt when the first line differs, or when it is all there is', () => {
    expect(promptBelowTitle('We need a database.\nWhich?', 'Pick a database')).toBe('We need a database.\nWhich?');
    expect(promptBelowTitle('Which database?', 'Which database?')).toBe('Which database?');
  });
});
