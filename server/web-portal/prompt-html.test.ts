import { describe, expect, it } from 'vitest';
import { promptHtml } from './prompt-html.js';

describe('promptHtml', () => {
  it('renders Markdown', () => {
    const html = promptHtml('# Title\n\n**bold** and `code`\n\n- one\n- two');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<li>one</li>');
  });

  it('drops raw HTML that could run or load anything', () => {
    const html = promptHtml('<script>alert(1)</script><img src=x onerror=alert(2)><iframe src="https://x"></iframe><a href="javascript:alert(3)" onclick="x()">l</a><div style="position:fixed">s</div>');
    expect(html).not.toMatch(/<script|<img|<iframe|onerror|onclick|javascript:|style=/i);
  });

  it('links open in a new tab without referrer', () => {
    expect(promptHtml('[docs](https://example.com)')).toBe('<p><a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">docs</a></p>\n');
  });

  it('task-list boxes stay inert; other inputs are removed', () => {
    const box = promptHtml('- [x] done').match(/<input[^>]*>/)?.[0] ?? '';
    expect(box).toContain('type="checkbox"');
    expect(box).toContain('disabled');
    expect(promptHtml('<input type="text" value="x">')).not.toContain('<input');
  });
});
