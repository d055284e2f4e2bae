import { describe, expect, it } from 'vitest';
import { joinSoftBreaks, plainMarkdown } from './render-choice.js';

describe('plainMarkdown for the terminal', () => {
  it('joins soft line breaks inside a paragraph, as the portal renders them', () => {
    expect(joinSoftBreaks('so the agent\nstopped to ask.\n\nNext paragraph')).toBe('so the agent stopped to ask.\n\nNext paragraph');
  });
  it('keeps list items, headings, quotes, tables, hard breaks and code fences on their own lines', () => {
    const text = 'Intro\n- one\n- two\n# Head\n> quote\n| a | b |\nhard  \nbreak\n```\ncode\nmore code\n```';
    expect(joinSoftBreaks(text)).toBe(text);
  });
  it('strips emphasis and code marks', () => {
    expect(plainMarkdown('**Task:** scaffold the `orders`\nservice')).toBe('Task: scaffold the orders service');
  });
});
