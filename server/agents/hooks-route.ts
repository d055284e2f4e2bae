// POST /api/hooks/:agent/permission — what `gatehouse hook <agent> <event>` calls: the CLI's hook input in,
// a decision out (allow | deny | ask), after asking the person as a choice session.
import { z } from 'zod';
import { problemsFromZod, RequestValidationError } from '../../shared/validation-error.js';
import type { HubPlugin } from '../hub/context.js';
import { agentParam, permissionInput } from './hook-request.js';
import { askPermission } from './permission-gate.js';

const bodySchema = z.strictObject({
  input: z.record(z.string(), z.unknown(), { error: 'must be the hook input object the CLI sent' }),
  wait_seconds: z.number({ error: 'must be a number of seconds' }).positive({ error: 'must be more than 0' }),
});

export const hooksRoute: HubPlugin = (app, ctx) => {
  app.post<{ Params: { agent: string } }>('/api/hooks/:agent/permission', async (request) => {
    const agent = agentParam(request.params.agent);
    const parsed = bodySchema.safeParse(request.body ?? {});
    if (!parsed.success) throw new RequestValidationError(problemsFromZod(parsed.error));
    const ask = permissionInput(agent, parsed.data.input);
    const release = ctx.activity.hold(`${agent.name} permission hook`);
    try {
      return await askPermission(ctx.sessions, agent, ask, parsed.data.wait_seconds);
    } finally {
      release();
    }
  });
};
