import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const marked = new Marked({ gfm: true, breaks: false, async: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'img'), 'del', 'input'],
  allowedAttributes: { a: ['href', 'title'], code: ['class'], th: ['align'], td: ['align'], input: ['type', 'checked', 'disabled'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
    // Task-list boxes only: never a live form control from an agent's text.
    input: (tagName, attribs) => (attribs.type === 'checkbox' ? { tagName, attribs: { ...attribs, disabled: '' } } : { tagName: 'span', attribs: {} }),
  },
};
SANITIZE.allowedAttributes = { ...(SANITIZE.allowedAttributes as Record<string, string[]>), a: ['href', 'title', 'rel', 'target'] };

/** An agent's Markdown prompt → HTML safe to insert into the page (no raw HTML, scripts, handlers or images). */
export function promptHtml(markdown: string): string {
  const raw = marked.parse(markdown) as string;
  return sanitizeHtml(raw, SANITIZE);
}
