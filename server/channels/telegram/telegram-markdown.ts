import { Marked, type RendererObject, type Tokens } from 'marked';

/** Text for Telegram's HTML parse mode: only &, < and > are special. */
export function escapeTelegramHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const escapeAttr = (text: string) => escapeTelegramHtml(text).replace(/"/g, '&quot;');
const SAFE_LINK = /^(https?:|mailto:|tg:)/i;

/**
 * Markdown → the small HTML subset Telegram renders (b, i, s, code, pre, a, blockquote). Headings become bold
 * lines, lists bullets or numbers, tables plain rows; raw HTML is shown as text, links only for http(s)/mailto.
 */
const renderer: RendererObject = {
  space: () => '',
  hr: () => '──────\n\n',
  html: ({ text }) => escapeTelegramHtml(text),
  heading({ tokens }) {
    return `<b>${this.parser.parseInline(tokens)}</b>\n\n`;
  },
  paragraph({ tokens }) {
    return `${this.parser.parseInline(tokens)}\n\n`;
  },
  blockquote({ tokens }) {
    return `<blockquote>${this.parser.parse(tokens).trim()}</blockquote>\n\n`;
  },
  code({ text, lang }) {
    const language = lang?.match(/^[\w+-]+/)?.[0];
    return `<pre>${language ? `<code class="language-${language}">` : '<code>'}${escapeTelegramHtml(text)}</code></pre>\n\n`;
  },
  list(token: Tokens.List) {
    const start = typeof token.start === 'number' ? token.start : 1;
    const lines = token.items.map((item, i) => {
      const marker = item.task ? (item.checked ? '☑' : '☐') : token.ordered ? `${start + i}.` : '•';
      const body = this.parser.parse(item.tokens, !!item.loose).trim().replace(/\n/g, '\n   ');
      return `${marker} ${body}`;
    });
    return `${lines.join('\n')}\n\n`;
  },
  checkbox: () => '',
  table(token: Tokens.Table) {
    const row = (cells: Tokens.TableCell[]) => cells.map((c) => this.parser.parseInline(c.tokens)).join(' │ ');
    return `<b>${row(token.header)}</b>\n${token.rows.map(row).join('\n')}\n\n`;
  },
  strong({ tokens }) {
    return `<b>${this.parser.parseInline(tokens)}</b>`;
  },
  em({ tokens }) {
    return `<i>${this.parser.parseInline(tokens)}</i>`;
  },
  del({ tokens }) {
    return `<s>${this.parser.parseInline(tokens)}</s>`;
  },
  codespan: ({ text }) => `<code>${escapeTelegramHtml(decodeEntities(text))}</code>`,
  br: () => '\n',
  link({ href, tokens }) {
    const text = this.parser.parseInline(tokens);
    return SAFE_LINK.test(href) ? `<a href="${escapeAttr(href)}">${text}</a>` : text;
  },
  image: ({ href, text }) => (SAFE_LINK.test(href) ? `<a href="${escapeAttr(href)}">${escapeTelegramHtml(text || 'image')}</a>` : escapeTelegramHtml(text)),
};

const marked = new Marked({ gfm: true, breaks: false, async: false, renderer });

/** An agent's Markdown as Telegram HTML. */
export function telegramHtml(markdown: string): string {
  return (marked.parse(markdown) as string).replace(/\n{3,}/g, '\n\n').trim();
}

/** marked hands codespans over HTML-escaped; undo that so they are escaped exactly once. */
function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? _);
}
