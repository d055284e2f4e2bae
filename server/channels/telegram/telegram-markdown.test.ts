import { describe, expect, it } from 'vitest';
import { telegramHtml } from './telegram-markdown.js';

describe('telegramHtml', () => {
  it('renders the Telegram subset: bold headings, emphasis, code, links, lists', () => {
    const html = telegramHtml('# Pick a DB\n\nWe need **one** of *these* for `a<b>`.\n\n- Postgres\n- SQLite\n\n1. first\n2. second\n\n[docs](https://example.com/x?a=1&b=2)');
    expect(html).toBe(
      '<b>Pick a DB</b>\n\nWe need <b>one</b> of <i>these</i> for <code>a&lt;b&gt;</code>.\n\n• Postgres\n• SQLite\n\n1. first\n2. second\n\n<a href="https://example.com/x?a=1&amp;b=2">docs</a>',
    );
  });

  it('shows raw HTML as text and drops unsafe links', () => {
    expect(telegramHtml('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(telegramHtml('[x](javascript:alert(1)) & more')).toBe('x &amp; more');
  });

  it('keeps code blocks verbatim and escaped once', () => {
    expect(telegramHtml('```ts\nconst a = 1 < 2 && "x";\n```')).toBe('<pre><code class="language-ts">const a = 1 &lt; 2 &amp;&amp; "x";</code></pre>');
  });

  it('renders tables as rows and task lists as boxes', () => {
    expect(telegramHtml('| a | b |\n|---|---|\n| 1 | 2 |')).toBe('<b>a │ b</b>\n1 │ 2');
    expect(telegramHtml('- [x] done\n- [ ] todo')).toBe('☑ done\n☐ todo');
  });
});
