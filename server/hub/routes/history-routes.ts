import { z } from 'zod';
import { SESSION_STATUSES } from '../../../shared/choice/limits.js';
import { problemsFromZod, RequestValidationError } from '../../../shared/validation-error.js';
import type { HubPlugin } from '../context.js';

const historyQuery = z.object({
  q: z.string().max(500).optional(),
  status: z.enum(SESSION_STATUSES.filter((s) => s !== 'pending') as ['submitted', 'auto-submitted', 'cancelled', 'timeout'], { error: 'must be submitted, auto-submitted, cancelled or timeout' }).optional(),
  page: z.coerce.number({ error: 'must be a page number' }).int().min(1, { error: 'must be 1 or more' }).default(1),
  page_size: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100, { error: 'must be at most 100' }).default(20),
});

/** GET /api/history: every persisted completed session within retention, newest first, paged and searchable. */
export const historyRoutes: HubPlugin = (app, ctx) => {
  app.get('/api/history', async (request) => {
    const parsed = historyQuery.safeParse(request.query ?? {});
    if (!parsed.success) throw new RequestValidationError(problemsFromZod(parsed.error));
    const { q, status, page, page_size } = parsed.data;
    const needle = q?.trim().toLocaleLowerCase();
    const matches = ctx.sessions
      .all()
      .filter((s) => s.status !== 'pending')
      .filter((s) => !status || s.status === status)
      .filter((s) => !needle || s.request.title.toLocaleLowerCase().includes(needle) || s.request.prompt.toLocaleLowerCase().includes(needle))
      .sort((a, b) => (b.ended_at ?? b.created_at).localeCompare(a.ended_at ?? a.created_at));
    const items = matches.slice((page - 1) * page_size, page * page_size).map((s) => ctx.sessions.view(s));
    return { items, total: matches.length, page, page_size };
  });
};
