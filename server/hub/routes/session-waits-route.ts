import { z } from 'zod';
import { CHOICE_LIMITS } from '../../../shared/choice/limits.js';
import type { ChoiceSessionView } from '../../../shared/choice/session-types.js';
import { problemsFromZod, RequestValidationError } from '../../../shared/validation-error.js';
import { SessionNotFoundError } from '../../sessions/session-errors.js';
import type { HubPlugin } from '../context.js';
import { noteAsker } from '../../sessions/asker-header.js';

/** The most session ids one wait may name (an MCP process with this many blocked polls is far past any real use). */
export const MAX_WAITED_IDS = 10_000;

const waitManySchema = z.strictObject({
  ids: z.array(z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters')).min(1, 'must name at least one session id').max(MAX_WAITED_IDS, `must name at most ${MAX_WAITED_IDS} session ids`),
  seconds: z.number().min(0, 'must be ≥ 0'),
});

/** What POST /api/sessions/wait answers: the named sessions that have ended, and the ids the hub does not know. */
export interface WaitManyAnswer {
  ended: ChoiceSessionView[];
  missing: Array<{ id: string; error: { code: 'not_found'; message: string } }>;
}

/**
 * POST /api/sessions/wait {ids, seconds}: one request that waits on many sessions, so a process with many blocked
 * polls (one MCP process per agent) holds one connection, not one per poll. Answers at once when a named session
 * has already ended or is unknown; otherwise when the first one ends, or after `seconds` (≤ the poll maximum)
 * with nothing ended. A client that goes away stops its wait.
 */
export const sessionWaitsRoute: HubPlugin = (app, ctx) => {
  const watching = new Map<string, Set<() => void>>();
  ctx.sessions.on('changed', (session) => {
    if (session.status === 'pending') return;
    for (const wake of [...(watching.get(session.id) ?? [])]) wake();
  });

  app.post('/api/sessions/wait', { config: { agent: 'wait-many' } }, async (request, reply): Promise<WaitManyAnswer> => {
    const parsed = waitManySchema.safeParse(request.body ?? {});
    if (!parsed.success) throw new RequestValidationError(problemsFromZod(parsed.error));
    const ids = [...new Set(parsed.data.ids)];
    await noteAsker(ctx.sessions, request.headers, ids);
    const answer = (): WaitManyAnswer => ({
      ended: ids.filter((id) => ctx.sessions.has(id) && ctx.sessions.get(id).status !== 'pending').map((id) => ctx.sessions.view(ctx.sessions.get(id))),
      missing: ids.filter((id) => !ctx.sessions.has(id)).map((id) => ({ id, error: { code: 'not_found', message: new SessionNotFoundError(id).message } })),
    });
    const now = answer();
    const seconds = Math.min(parsed.data.seconds, CHOICE_LIMITS.maxWaitSeconds);
    if (now.ended.length || now.missing.length || seconds === 0) return now;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        reply.raw.off('close', done);
        for (const id of ids) {
          const set = watching.get(id);
          set?.delete(done);
          if (set?.size === 0) watching.delete(id);
        }
        resolve();
      };
      const timer = setTimeout(done, seconds * 1000);
      reply.raw.on('close', done);
      for (const id of ids) {
        const set = watching.get(id) ?? new Set();
        watching.set(id, set);
        set.add(done);
      }
    });
    return answer();
  });
};
