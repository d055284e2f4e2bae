// /api/agent-keys: the person pairs machines (a new key, shown once), lists them and revokes one at once. The
// person's credential only: an agent key gets 403 here (its routes carry `config.agent`, these do not).
import { z } from 'zod';
import { problemsFromZod, RequestValidationError } from '../../shared/validation-error.js';
import type { HubPlugin } from '../hub/context.js';
import { AgentKeyError } from './agent-keys.js';
import { parseDuration } from './duration.js';
import { PAIRED_CHANNEL, pairedStatus, pendingByKey } from './paired-status.js';

const createSchema = z.strictObject({
  name: z.string({ error: 'must be the machine\'s name, e.g. "devbox"' }),
  expires: z.string({ error: 'must be a duration like "30d" (s, m, h, d) or null' }).nullable().optional(),
});

function keyError(err: unknown): never {
  if (err instanceof AgentKeyError && err.status === 400) throw new RequestValidationError([{ field: err.field, message: err.message.slice(err.field.length + 2) }]);
  if (err instanceof AgentKeyError) throw Object.assign(new Error(err.message), { statusCode: err.status, code: err.status === 404 ? 'not_found' : 'conflict' });
  throw err;
}

export const agentKeysRoutes: HubPlugin = (app, ctx) => {
  const hub = () => ({ url: ctx.baseUrl(), fingerprint: ctx.tlsFingerprint });
  // The paired machines' state for the portal's chip and /api/health, read when asked for.
  ctx.channels.provide(PAIRED_CHANNEL, () => pairedStatus(ctx.agentKeys.list(), pendingByKey(ctx.sessions.all()), Date.now()));

  app.post('/api/agent-keys', async (request, reply) => {
    const parsed = createSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw new RequestValidationError(problemsFromZod(parsed.error));
    let expires: number | null = null;
    if (parsed.data.expires) {
      try {
        expires = parseDuration(parsed.data.expires, 'expires');
      } catch (err) {
        throw new RequestValidationError([{ field: 'expires', message: (err as Error).message.replace(/^expires: /, '') }]);
      }
    }
    const made = await ctx.agentKeys.create(parsed.data.name, expires).catch(keyError);
    ctx.log.info({ name: made.view.name, expires_at: made.view.expires_at }, 'agent key made');
    return reply.code(201).send({ key: made.key, agent_key: made.view, hub: hub() });
  });

  app.get('/api/agent-keys', async () => ({ keys: ctx.agentKeys.list(), hub: hub() }));

  app.post<{ Params: { name: string } }>('/api/agent-keys/:name/revoke', async (request) => {
    const view = await ctx.agentKeys.revoke(request.params.name).catch(keyError);
    ctx.log.info({ name: view.name }, 'agent key revoked');
    return { agent_key: view };
  });
};
