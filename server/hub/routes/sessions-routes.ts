import { CHOICE_LIMITS } from '../../../shared/choice/limits.js';
import { cancelSchema, deadlineSchema, draftSchema, submitAnswerSchema, switchInterfaceSchema } from '../../../shared/choice/answer-schema.js';
import { validateChoiceRequest } from '../../../shared/choice/validate-request.js';
import { problemsFromZod, RequestValidationError } from '../../../shared/validation-error.js';
import { resolveInterface, type ClientCapabilities } from '../../sessions/resolve-interface.js';
import type { StoredSession } from '../../sessions/stored-session.js';
import type { HubPlugin } from '../context.js';
import { gateLink, terminalCommand } from '../handoff.js';
import { OPEN_TO_GATE_LINK } from '../request-guard.js';
import { agentOf } from '../agent-key-guard.js';
import { fromMachine } from '../../pairing/machine-source.js';
import { canOpenBrowser } from '../../platform/browser-availability.js';
import type { z } from 'zod';
import { gateSourceSchema, normalizeGateSource } from '../../../shared/choice/gate-source-schema.js';
import { askerOf, ASKER_HEADER, noteAsker } from '../../sessions/asker-header.js';

/** The `source` of a new gate, validated like every other field (problems are named `source.<field>`). */
function parseGateSource(raw: unknown) {
  const result = gateSourceSchema.safeParse(raw);
  if (!result.success) throw new RequestValidationError(problemsFromZod(result.error).map((p) => ({ ...p, field: p.field === '(request)' ? 'source' : `source.${p.field}` })));
  return normalizeGateSource(result.data);
}

/** Read, poll and cancel: open to the gate's link, and to the agent key that started it. */
const OPEN_TO_GATE_LINK_AND_KEY = { config: { ...OPEN_TO_GATE_LINK.config, agent: 'session' as const } };

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw new RequestValidationError(problemsFromZod(result.error));
  return result.data;
}

/**
 * /api/sessions: create, read, wait, submit, cancel, deadline, draft, interface switch; a request naming its asker
 * (x-gatehouse-asker, what `gatehouse mcp` sends) that creates, reads or waits on a session makes that process the
 * session's asker, and POST /api/sessions/asker-gone says it has ended (its client closed). The `url` handed out is the
 * gate's link (a capability for this gate only, server/hub/gate-capability.ts), never the hub's credential. A gate link
 * may use every route on its own session (read, wait, answer, cancel, deadline, draft, interface) and nothing else.
 */
export const sessionsRoutes: HubPlugin = (app, ctx) => {
  const handoff = (session: StoredSession) => ({
    session: ctx.sessions.view(session),
    url: gateLink(ctx.baseUrl(), ctx.token, session.id),
    terminal_command: terminalCommand(session.id, ctx.config.paths.dir),
  });

  app.post('/api/sessions', { config: { agent: 'create' } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) throw new RequestValidationError([{ field: '(request)', message: 'must be a JSON object' }]);
    const { client_capabilities, source, ...raw } = body;
    const gateSource = fromMachine(source === undefined ? null : parseGateSource(source), agentOf(request));
    const settings = ctx.settings.get();
    const validated = validateChoiceRequest(raw, { timeout_seconds: settings.default_timeout_seconds });
    const iface = resolveInterface(validated.request.interface, {
      capabilities: (client_capabilities ?? {}) as ClientCapabilities,
      preferred: settings.preferred_interface,
      canOpenBrowser: canOpenBrowser(),
    });
    // A chat gate is answered in the user's next turn, which may be much later: unless the agent set a
    // timeout, it stays open as long as a session can.
    if (iface === 'chat' && raw.timeout_seconds === undefined) validated.request.timeout_seconds = CHOICE_LIMITS.maxTimeoutSeconds;
    askerOf(request.headers); // a malformed one is refused before anything is created
    const session = await ctx.sessions.create(validated, iface, undefined, gateSource);
    await noteAsker(ctx.sessions, request.headers, [session.id]);
    return reply.code(201).send(handoff(session));
  });

  app.get<{ Params: { id: string } }>('/api/sessions/:id', OPEN_TO_GATE_LINK_AND_KEY, async (request) => {
    ctx.sessions.get(request.params.id);
    await noteAsker(ctx.sessions, request.headers, [request.params.id]);
    return handoff(ctx.sessions.get(request.params.id));
  });

  app.post('/api/sessions/asker-gone', { config: { agent: 'open' } }, async (request) => {
    const asker = askerOf(request.headers);
    if (!asker) throw new RequestValidationError([{ field: ASKER_HEADER, message: 'is required: the id the asking process named itself with' }]);
    return { sessions: await ctx.sessions.askerGone(asker) };
  });

  app.get<{ Params: { id: string }; Querystring: { seconds?: string } }>('/api/sessions/:id/wait', OPEN_TO_GATE_LINK_AND_KEY, async (request) => {
    const raw = request.query.seconds ?? String(CHOICE_LIMITS.defaultWaitSeconds);
    const seconds = Number(raw);
    if (!Number.isFinite(seconds) || seconds < 0) throw new RequestValidationError([{ field: 'seconds', message: `must be a number of seconds ≥ 0 (got ${JSON.stringify(raw)})` }]);
    ctx.sessions.get(request.params.id);
    await noteAsker(ctx.sessions, request.headers, [request.params.id]);
    const session = await ctx.sessions.wait(request.params.id, Math.min(seconds, CHOICE_LIMITS.maxWaitSeconds) * 1000);
    return handoff(session);
  });

  app.post<{ Params: { id: string } }>('/api/sessions/:id/submit', OPEN_TO_GATE_LINK, async (request) => {
    ctx.sessions.get(request.params.id);
    return handoff(await ctx.sessions.submit(request.params.id, parse(submitAnswerSchema, request.body)));
  });

  app.post<{ Params: { id: string } }>('/api/sessions/:id/cancel', OPEN_TO_GATE_LINK_AND_KEY, async (request) => {
    ctx.sessions.get(request.params.id);
    return handoff(await ctx.sessions.cancel(request.params.id, parse(cancelSchema, request.body)));
  });

  app.post<{ Params: { id: string } }>('/api/sessions/:id/deadline', OPEN_TO_GATE_LINK, async (request) => {
    ctx.sessions.get(request.params.id);
    const { timeout_seconds } = parse(deadlineSchema, request.body);
    const { session, notice } = await ctx.sessions.setDeadline(request.params.id, timeout_seconds);
    return { ...handoff(session), notice };
  });

  app.put<{ Params: { id: string } }>('/api/sessions/:id/draft', OPEN_TO_GATE_LINK, async (request) => {
    ctx.sessions.get(request.params.id);
    return handoff(await ctx.sessions.saveDraft(request.params.id, parse(draftSchema, request.body)));
  });

  app.post<{ Params: { id: string } }>('/api/sessions/:id/interface', OPEN_TO_GATE_LINK, async (request) => {
    ctx.sessions.get(request.params.id);
    const { interface: iface } = parse(switchInterfaceSchema, request.body);
    return handoff(await ctx.sessions.switchInterface(request.params.id, iface));
  });
};
