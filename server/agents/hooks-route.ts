// POST /api/hooks/:agent/permission — what `gatehouse hook <agent> <permission event>` calls: the CLI's hook input in,
// a decision out (allow | deny | ask) with who decided, after the policy and, when it asks, the person.
// POST /api/hooks/:agent/call — the same for the CLI's hook before every tool call (PreToolUse): allow | deny | ask |
// pass (no decision) as that hook can answer (call-gate.ts).
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { problemsFromZod, RequestValidationError } from '../../shared/validation-error.js';
import type { HubContext, HubPlugin } from '../hub/context.js';
import { agentParam, permissionInput } from './hook-request.js';
import { decideCall, decidePermissionHook } from './call-gate.js';
import { permissionDesk } from './permission-desk.js';
import { agentOf } from '../hub/agent-key-guard.js';
import { sessionsForMachine } from '../pairing/machine-source.js';
import type { AgentHooks, PermissionAsk } from './agent-hooks.js';
import type { PermissionDeps } from './permission-gate.js';

const bodySchema = z.strictObject({
  input: z.record(z.string(), z.unknown(), { error: 'must be the hook input object the CLI sent' }),
  wait_seconds: z.number({ error: 'must be a number of seconds' }).positive({ error: 'must be more than 0' }),
});

type Decide<T> = (deps: PermissionDeps, agent: AgentHooks, input: Record<string, unknown>, ask: PermissionAsk, waitSeconds: number) => Promise<T>;

async function hookRequest<T extends { decision: string; decided_by: { text: string }; session_id: string | null }>(ctx: HubContext, request: FastifyRequest<{ Params: { agent: string } }>, event: (agent: AgentHooks) => string, decide: Decide<T>): Promise<T> {
  const agent = agentParam(request.params.agent);
  const parsed = bodySchema.safeParse(request.body ?? {});
  if (!parsed.success) throw new RequestValidationError(problemsFromZod(parsed.error));
  const ask = permissionInput(agent, parsed.data.input);
  const name = event(agent);
  const release = ctx.activity.hold(`${agent.name} ${name} hook`);
  try {
    // The hub's one permission path: its policy, its session grants, its record of requests; a paired machine's
    // gate carries the machine's name.
    const desk = await permissionDesk(ctx);
    const decided = await decide({ ...desk, sessions: sessionsForMachine(ctx.sessions, agentOf(request)) }, agent, parsed.data.input, ask, parsed.data.wait_seconds);
    ctx.log.info({ agent: agent.id, event: name, tool: ask.tool, decision: decided.decision, decided_by: decided.decided_by.text, gate: decided.session_id }, 'permission request decided');
    return decided;
  } finally {
    release();
  }
}

export const hooksRoute: HubPlugin = (app, ctx) => {
  // Open to a paired machine's agent key too: the gate it raises carries the machine's name.
  app.post<{ Params: { agent: string } }>('/api/hooks/:agent/permission', { config: { agent: 'hook' } }, (request) => hookRequest(ctx, request, (a) => a.permissionEvent, decidePermissionHook));
  app.post<{ Params: { agent: string } }>('/api/hooks/:agent/call', { config: { agent: 'hook' } }, (request) =>
    hookRequest(
      ctx,
      request,
      (a) => {
        if (!a.callHook) throw new RequestValidationError([{ field: 'agent', message: `${a.name} has no hook before every tool call (its ${a.permissionEvent} hook is it): post to /api/hooks/${a.id}/permission` }]);
        return a.callHook.event;
      },
      decideCall,
    ),
  );
};
