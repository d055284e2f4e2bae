// POST /api/hooks/:agent/permission — what `gatehouse hook <agent> <event>` calls: the CLI's hook input in,
// a decision out (allow | deny | ask) with who decided, after the policy and, when it asks, the person.
import { z } from 'zod';
import { problemsFromZod, RequestValidationError } from '../../shared/validation-error.js';
import type { HubPlugin } from '../hub/context.js';
import { agentParam, permissionInput } from './hook-request.js';
import { askPermission } from './permission-gate.js';
import { permissionDesk } from './permission-desk.js';
import { agentOf } from '../hub/agent-key-guard.js';
import { sessionsForMachine } from '../pairing/machine-source.js';

const bodySchema = z.strictObject({
  input: z.record(z.string(), z.unknown(), { error: 'must be the hook input object the CLI sent' }),
  wait_seconds: z.number({ error: 'must be a number of seconds' }).positive({ error: 'must be more than 0' }),
});

export const hooksRoute: HubPlugin = (app, ctx) => {
  // Open to a paired machine's agent key too: the gate it raises carries the machine's name.
  app.post<{ Params: { agent: string } }>('/api/hooks/:agent/permission', { config: { agent: 'hook' } }, async (request) => {
    const agent = agentParam(request.params.agent);
    const parsed = bodySchema.safeParse(request.body ?? {});
    if (!parsed.success) throw new RequestValidationError(problemsFromZod(parsed.error));
    const ask = permissionInput(agent, parsed.data.input);
    const release = ctx.activity.hold(`${agent.name} permission hook`);
    try {
      // The hub's one permission path: its policy, its session grants, its record of requests; a paired machine's
      // gate carries the machine's name.
      const desk = await permissionDesk(ctx);
      const decided = await askPermission({ ...desk, sessions: sessionsForMachine(ctx.sessions, agentOf(request)) }, agent, parsed.data.input, ask, parsed.data.wait_seconds);
      ctx.log.info({ agent: agent.id, tool: ask.tool, decision: decided.decision, decided_by: decided.decided_by.text, gate: decided.session_id }, 'permission request decided');
      return decided;
    } finally {
      release();
    }
  });
};
