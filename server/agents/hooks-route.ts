// The hook routes: what `gatehouse hook <agent> <event>` (and the installed hook line's curl) call with the CLI's
// hook input, to have the policy and, when it asks, the person decide.
// - POST /api/hooks/:agent/permission — the CLI's permission hook: { input, wait_seconds } in, a decision out
//   (allow | deny | ask) with who decided.
// - POST /api/hooks/:agent/call — the CLI's hook before every tool call (PreToolUse): allow | deny | ask | pass
//   (no decision) as that hook can answer (call-gate.ts).
// - POST /api/hooks/reply — either of the two, for the installed hook line's fast path (hook-fast-path.ts): the
//   CLI's hook input as the body, `x-gatehouse-hook: <agent> <event> <wait seconds>`, and the answer as the text
//   the hook prints for the CLI (text/plain, empty for no decision).
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { problemsFromZod, RequestValidationError } from '../../shared/validation-error.js';
import type { HubContext, HubPlugin } from '../hub/context.js';
import { agentParam, permissionInput } from './hook-request.js';
import { decideCall, decidePermissionHook, type CallAnswer } from './call-gate.js';
import { permissionDesk } from './permission-desk.js';
import { agentOf } from '../hub/agent-key-guard.js';
import { sessionsForMachine } from '../pairing/machine-source.js';
import type { AgentHooks } from './agent-hooks.js';
import type { GateDecision } from './permission-gate.js';
import { HOOK_HEADER } from './hook-fast-path.js';

const bodySchema = z.strictObject({
  input: z.record(z.string(), z.unknown(), { error: 'must be the hook input object the CLI sent' }),
  wait_seconds: z.number({ error: 'must be a number of seconds' }).positive({ error: 'must be more than 0' }),
  /** false: the hook had to start the hub for this call; what the policy would ask the person is left to the CLI. */
  ask_person: z.boolean({ error: 'must be true or false' }).optional(),
});

type Decided = { hook: 'call'; decided: CallAnswer } | { hook: 'permission'; decided: GateDecision };

/** The policy's (or the person's) decision on one hook request: `hook` says which of the agent's hooks asks. */
async function decideHook(ctx: HubContext, request: FastifyRequest, agent: AgentHooks, hook: 'call' | 'permission', input: Record<string, unknown>, waitSeconds: number, askPerson = true): Promise<Decided> {
  const ask = permissionInput(agent, input);
  const event = hook === 'call' ? agent.callHook!.event : agent.permissionEvent;
  const release = ctx.activity.hold(`${agent.name} ${event} hook`);
  try {
    // The hub's one permission path: its policy, its session grants, its record of requests; a paired machine's
    // gate carries the machine's name.
    const desk = { ...(await permissionDesk(ctx)), sessions: sessionsForMachine(ctx.sessions, agentOf(request)), ...(askPerson ? {} : { noPerson: true }) };
    const out: Decided = hook === 'call' ? { hook, decided: await decideCall(desk, agent, input, ask, waitSeconds) } : { hook, decided: await decidePermissionHook(desk, agent, input, ask, waitSeconds) };
    const { decided } = out;
    ctx.log.info({ agent: agent.id, event, tool: ask.tool, decision: decided.decision, decided_by: decided.decided_by.text, gate: decided.session_id }, 'permission request decided');
    return out;
  } finally {
    release();
  }
}

function callHookOf(agent: AgentHooks): 'call' {
  if (!agent.callHook) throw new RequestValidationError([{ field: 'agent', message: `${agent.name} has no hook before every tool call (its ${agent.permissionEvent} hook is it): post to /api/hooks/${agent.id}/permission` }]);
  return 'call';
}

function body(request: FastifyRequest): z.infer<typeof bodySchema> {
  const parsed = bodySchema.safeParse(request.body ?? {});
  if (!parsed.success) throw new RequestValidationError(problemsFromZod(parsed.error));
  return parsed.data;
}

/** `<agent> <event> <wait seconds>` from the fast path's header. */
function hookHeader(request: FastifyRequest): { agent: AgentHooks; hook: 'call' | 'permission'; waitSeconds: number } {
  const value = request.headers[HOOK_HEADER];
  const [agentId, event, wait, ...rest] = typeof value === 'string' ? value.trim().split(/\s+/) : [];
  const problem = (message: string) => new RequestValidationError([{ field: HOOK_HEADER, message }]);
  if (!agentId || !event || !wait || rest.length) throw problem('expected "<agent> <event> <wait seconds>"');
  const agent = agentParam(agentId);
  const waitSeconds = Number(wait);
  if (!(waitSeconds > 0)) throw problem(`the wait must be a number of seconds > 0 (got ${JSON.stringify(wait)})`);
  if (event === agent.permissionEvent) return { agent, hook: 'permission', waitSeconds };
  if (event === agent.callHook?.event) return { agent, hook: 'call', waitSeconds };
  throw problem(`${agent.name} event "${event}" is not one gatehouse answers (${[agent.callHook?.event, agent.permissionEvent].filter(Boolean).join(', ')})`);
}

export const hooksRoute: HubPlugin = (app, ctx) => {
  // Open to a paired machine's agent key too: the gate it raises carries the machine's name.
  app.post<{ Params: { agent: string } }>('/api/hooks/:agent/permission', { config: { agent: 'hook' } }, async (request) => {
    const agent = agentParam(request.params.agent);
    const { input, wait_seconds } = body(request);
    return (await decideHook(ctx, request, agent, 'permission', input, wait_seconds)).decided;
  });
  app.post<{ Params: { agent: string } }>('/api/hooks/:agent/call', { config: { agent: 'hook' } }, async (request) => {
    const agent = agentParam(request.params.agent);
    const hook = callHookOf(agent);
    const { input, wait_seconds, ask_person } = body(request);
    return (await decideHook(ctx, request, agent, hook, input, wait_seconds, ask_person !== false)).decided;
  });
  app.post('/api/hooks/reply', { config: { agent: 'hook' } }, async (request, reply) => {
    const { agent, hook, waitSeconds } = hookHeader(request);
    const input = request.body;
    if (!input || typeof input !== 'object' || Array.isArray(input)) throw new RequestValidationError([{ field: 'body', message: 'must be the hook input object the CLI sent (JSON)' }]);
    const out = await decideHook(ctx, request, agent, hook, input as Record<string, unknown>, waitSeconds);
    const answer = out.hook === 'call' ? agent.callHook!.reply(out.decided.decision, out.decided.message) : agent.reply(out.decided.decision, out.decided.message);
    return reply.type('text/plain; charset=utf-8').send(answer.stdout);
  });
};
