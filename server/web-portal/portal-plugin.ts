import type { FastifyReply, FastifyRequest } from 'fastify';
import { promptBelowTitle } from '../../shared/choice/prompt-body.js';
import { LANGUAGES, type Language } from '../../shared/settings.js';
import { RequestValidationError } from '../../shared/validation-error.js';
import type { ChannelStatus } from '../hub/channel-status.js';
import { TELEGRAM_CHANNEL } from '../channels/telegram/telegram-config.js';
import { NTFY_CHANNEL } from '../channels/ntfy/ntfy-config.js';
import { PAIRED_CHANNEL } from '../pairing/paired-status.js';
import type { HubContext, HubPlugin } from '../hub/context.js';
import { GATE_PARAM, terminalCommand } from '../hub/handoff.js';
import { accessOf, OPEN_TO_GATE_LINK } from '../hub/request-guard.js';
import { parseAnswerForm } from './answer-form.js';
import type { PortalBoot, PortalPage } from './boot-data.js';
import { openBrowserForNewWebSessions } from './browser-opener.js';
import { fallbackPageHtml } from './fallback-page.js';
import { choicePageHtml } from './choice-ssr.js';
import { catalogT, pageCatalog } from './page-catalog.js';
import { ASSET_HEADERS, ASSET_ROUTE, bundlePageHtml, PAGE_HEADERS } from './page-html.js';
// The Markdown renderer (marked + sanitize-html) is loaded on the first page that needs it, not at hub start.
const loadPromptHtml = () => import('./prompt-html.js').then((m) => m.promptHtml);
import { loadWebBundle, webDistDir } from './web-assets.js';
import { serviceWorkerRoutes } from './service-worker-route.js';

async function bootFor(ctx: HubContext, page: PortalPage, sessionId: string | null, taskId: string | null = null, gateOnly = false): Promise<PortalBoot> {
  const settings = ctx.settings.get();
  const stored = sessionId && ctx.sessions.has(sessionId) ? ctx.sessions.get(sessionId) : null;
  // Notices are said to the agent ("give the user the url"); the page shows none of them.
  const session = stored ? { ...ctx.sessions.view(stored), notices: [] } : null;
  const access = gateOnly ? 'gate' : 'full';
  return {
    page,
    access,
    session_id: sessionId,
    session,
    prompt_html: stored ? (await loadPromptHtml())(promptBelowTitle(stored.request.prompt, stored.request.title)) : null,
    terminal_command: stored ? terminalCommand(stored.id, ctx.config.paths.dir) : null,
    settings,
    catalog: await pageCatalog(settings.effective_language, { page, access, session }),
    // A page opened with a gate link shows that gate alone: nothing of the list.
    ...(gateOnly ? { interactions: [], active_total: 0 } : ctx.interactions.firstView(undefined, sessionId ? { kind: 'choice', id: sessionId } : taskId ? { kind: page === 'resolve' ? 'resolve' : 'task', id: taskId } : undefined)),
    server_now: Date.now(),
    telegram: gateOnly ? null : channelState(ctx.channels.get(TELEGRAM_CHANNEL)),
    ntfy: gateOnly ? null : channelState(ctx.channels.get(NTFY_CHANNEL)),
    paired: gateOnly ? null : channelState(ctx.channels.get(PAIRED_CHANNEL)),
    task_id: taskId,
  };
}

/** The query parameter that asks for the plain page (no scripts). */
const PLAIN = 'plain';

const channelState = (status: ChannelStatus | undefined) => (status ? { state: status.state, detail: status.detail } : null);

/**
 * The web portal: page routes (/, /choice/:id, /history, /tasks/:id, /resolve/:id), the content-hashed bundle at
 * /assets/<version>/<file>, the service worker, app manifest and icon (service-worker-route.ts), the language catalogs, the no-script fallback form, and opening the browser
 * for new web interactions. A choice page opened with a gate link (no credential) shows that gate alone.
 */
export const webPortalPlugin: HubPlugin = (app, ctx) => {
  const webDist = webDistDir();
  const bundle = loadWebBundle(webDist);
  if (!bundle) ctx.log.warn(`web portal bundle not found in ${webDist}; serving the inline fallback pages (run npm run build)`);
  openBrowserForNewWebSessions(ctx);
  void serviceWorkerRoutes(bundle, webDist)(app, ctx);

  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, new URLSearchParams(String(body))));
  }

  app.get<{ Params: { version: string; name: string } }>(`${ASSET_ROUTE}/:version/:name`, { config: { public: true } }, async (request, reply) => {
    const file = bundle && request.params.version === bundle.version ? bundle.files.get(request.params.name) : undefined;
    if (!file) return reply.code(404).header('cache-control', 'no-store').send({ error: { code: 'not_found', message: 'no such asset in this bundle version' } });
    reply.headers({ ...ASSET_HEADERS, 'content-type': file.contentType, etag: `"${bundle!.version}-${file.name}"`, vary: 'accept-encoding' });
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(file.brotli);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(file.gzipped);
    return reply.send(file.body);
  });

  /** `?plain` (or an answer posted by the plain form): the page as plain HTML, for a browser without scripts. */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, page: PortalPage, sessionId: string | null, error: string | null = null, taskId: string | null = null) => {
    // The first visit carries ?token= or ?gate= (the guard has set the cookie): drop it from the address bar.
    const query = request.query as Record<string, unknown>;
    const path = request.url.split('?')[0];
    if ((typeof query.token === 'string' || typeof query[GATE_PARAM] === 'string') && request.method === 'GET') return reply.code(303).header('location', `${path}${PLAIN in query ? `?${PLAIN}` : ''}`).send();
    const plain = PLAIN in query || request.method === 'POST';
    const boot = await bootFor(ctx, page, sessionId, taskId, !accessOf(request).full);
    const unknown = (page === 'choice' && !boot.session) || (page === 'resolve' && !(taskId && ctx.interactions.find({ kind: 'resolve', id: taskId })));
    const status = unknown ? 404 : error ? 400 : 200;
    const title = boot.session ? `${boot.session.request.title} · gatehouse` : 'gatehouse';
    const t = catalogT(boot.catalog);
    const appHtml = bundle && !plain ? choicePageHtml(webDist, boot, (err) => ctx.log.warn({ err: err.message }, 'the choice page could not be rendered by the hub; the bundle draws it')) : '';
    const html = bundle && !plain ? bundlePageHtml(bundle, boot, title, { url: `${path}?${PLAIN}`, label: t('plain.open') }, appHtml) : fallbackPageHtml(boot, t, boot.prompt_html ?? '', error);
    return reply.code(status).headers(PAGE_HEADERS).send(html);
  };

  app.get('/', (request, reply) => sendPage(request, reply, 'list', null));
  app.get('/history', (request, reply) => sendPage(request, reply, 'history', null));
  app.get<{ Params: { id: string } }>('/choice/:id', OPEN_TO_GATE_LINK, (request, reply) => sendPage(request, reply, 'choice', request.params.id));
  app.get<{ Params: { id: string } }>('/tasks/:id', (request, reply) => sendPage(request, reply, 'task', null, null, request.params.id));
  app.get<{ Params: { id: string } }>('/resolve/:id', (request, reply) => sendPage(request, reply, 'resolve', null, null, request.params.id));

  app.get<{ Params: { lang: string } }>('/api/portal/catalog/:lang', { config: { gate: 'any' } }, async (request) => {
    const lang = request.params.lang;
    if (!(LANGUAGES as readonly string[]).includes(lang)) throw new RequestValidationError([{ field: 'lang', message: `must be ${LANGUAGES.join(' or ')} (got ${JSON.stringify(lang)})` }]);
    return { language: lang, catalog: await pageCatalog(lang as Language) };
  });

  // The fallback form (no bundle / no script): answer or cancel, then back to the page.
  app.post<{ Params: { id: string } }>('/choice/:id/answer', OPEN_TO_GATE_LINK, async (request, reply) => {
    const session = ctx.sessions.get(request.params.id);
    const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const parsed = parseAnswerForm(session.request, form);
    try {
      if (parsed.action === 'cancel') await ctx.sessions.cancel(session.id, { global_annotation: parsed.note, interface: 'web' });
      else await ctx.sessions.submit(session.id, parsed.answer);
    } catch (err) {
      if (err instanceof RequestValidationError && parsed.action === 'submit') {
        // Keep what was posted (as the draft) so the form comes back as the person left it.
        const { selected_ids = [], annotations = {}, global_annotation = '', free_text = '', answers } = parsed.answer;
        const perQuestion = answers?.map((a) => ({ selected_ids: a.selected_ids, free_text: a.free_text ?? '' }));
        await ctx.sessions.saveDraft(session.id, { selected_ids, annotations, global_annotation, free_text, ...(perQuestion ? { answers: perQuestion } : {}) });
        return sendPage(request, reply, 'choice', session.id, err.problems.map((p) => `${p.field}: ${p.message}`).join('; '));
      }
      if (ctx.sessions.get(session.id).status === 'pending') throw err;
    }
    // The page's own form (the hub's first HTML, used before the bundle ran) goes back to the page, the plain one to itself.
    return reply.code(303).header('location', `/choice/${encodeURIComponent(session.id)}${form.get('from') === 'page' ? '' : `?${PLAIN}`}`).send();
  });
};
