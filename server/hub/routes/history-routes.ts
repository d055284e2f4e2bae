import { z } from 'zod';
import { SESSION_STATUSES } from '../../../shared/choice/limits.js';
import { problemsFromZod, RequestValidationError } from '../../../shared/validation-error.js';
import type { HubPlugin } from '../context.js';
import { sourceLabel } from '../../../shared/choice/gate-source.js';

const historyQuery = z.object({
  q: z.string().max(500).optional(),
  project: z.string().max(4096).optional(),
  agent: z.string().max(200).optional(),
  status: z.enum(SESSION_STATUSES.filter((s) => s !== 'pending') as ['submitted', 'auto-submitted', 'cancelled', 'timeout'], { error: 'must be submitted, auto-submitted, cancelled or timeout' }).optional(),
  page: z.coerce.number({ error: 'must be a page number' }).int().min(1, { error: 'must be 1 or more' }).default(1),
  page_size: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100, { error: 'must be at most 100' }).default(20),
});

/**
 * GET /api/history: every persisted completed session within retention, newest first, paged, searchable (title,
 * prompt, question texts, source) and filtered by status, project and agent. `pending` counts the gates still open (in the list); `projects` and
 * `agents` are every value the project and agent filters can take.
 */
export const historyRoutes: HubPlugin = (app, ctx) => {
  app.get('/api/history', async (request) => {
    const parsed = historyQuery.safeParse(request.query ?? {});
    if (!parsed.success) throw new RequestValidationError(problemsFromZod(parsed.error));
    const { q, status, project, agent, page, page_size } = parsed.data;
    const needle = q?.trim().toLocaleLowerCase();
    const all = ctx.sessions.all();
    const finished = all.filter((s) => s.status !== 'pending');
    const matches = finished
      .filter((s) => !status || s.status === status)
      .filter((s) => !project || s.source?.project === project)
      .filter((s) => !agent || s.source?.agent === agent)
      .filter((s) => !needle || [s.request.title, s.request.prompt, ...(s.request.questions?.map((q) => q.question) ?? []), sourceLabel(s.source), s.source?.project ?? ''].some((text) => text.toLocaleLowerCase().includes(needle)))
      .sort((a, b) => (b.ended_at ?? b.created_at).localeCompare(a.ended_at ?? a.created_at));
    const items = matches.slice((page - 1) * page_size, page * page_size).map((s) => ctx.sessions.view(s));
    // History lists finished gates; the pending ones are in the list, and their count says so (not a silent 0).
    const pending = all.length - finished.length;
    // Every project and agent history can filter by (not only those on this page), so a picker offers them all.
    const projects = distinct(finished.map((s) => s.source?.project));
    const agents = distinct(finished.map((s) => s.source?.agent));
    return { items, total: matches.length, page, page_size, pending, projects, agents };
  });
};

function distinct(values: Array<string | null | undefined>): string[] {
  return [...new Set(values.filter((v): v is string => Boolean(v)))].sort();
}
