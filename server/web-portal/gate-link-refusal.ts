import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../shared/settings.js';

const MESSAGE = 'this browser holds links to single questions only, and this is not one of them; to see every question, run `gatehouse open` on the hub\'s computer';

/**
 * The 403 for a request that holds gate links only and asked for something outside them: JSON for the API, and for
 * a browser navigating to a page a small page in the portal's language that says what its links open and how to
 * open the whole portal. Its strings and page parts load on first use, not at hub start.
 */
export async function refuseGateLinkOnly(request: FastifyRequest, reply: FastifyReply, language: Language): Promise<FastifyReply> {
  const navigating = request.method === 'GET' && String(request.headers.accept ?? '').includes('text/html');
  if (!navigating) return reply.code(403).send({ error: { code: 'gate_link_only', message: MESSAGE } });
  const [{ resources }, { esc }, { PAGE_HEADERS }] = await Promise.all([import('../../shared/i18n/resources.js'), import('./html-escape.js'), import('./page-html.js')]);
  const strings = resources[language].portal.gateLink;
  const html = `<!doctype html><html lang="${language === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>gatehouse</title></head>
<body><main data-testid="gate-link-refused" style="font:15px/1.5 system-ui,sans-serif;max-width:40em;margin:40px auto;padding:0 16px"><h1>${esc(strings.refused)}</h1><p>${esc(strings.hint)}</p></main></body></html>
`;
  return reply.code(403).headers(PAGE_HEADERS).send(html);
}
