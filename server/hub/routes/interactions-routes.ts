import { choiceInteraction } from '../../sessions/choice-interactions.js';
import type { HubPlugin } from '../context.js';
import { LIST_PAGE_SIZE, parseListCursor } from '../../../shared/interactions.js';
import { RequestValidationError, type FieldProblem } from '../../../shared/validation-error.js';

const FILTERS = ['all', 'active', 'completed'] as const;
const MAX_LIMIT = 200;

type Query = { filter?: string; limit?: string; cursor?: string; project?: string };

/**
 * The interaction list (active + the five most recent completed) over HTTP; pushed over WebSocket as a first page
 * and deltas. `?filter=active&limit=&cursor=` pages through the active rows (newest first) for the portal's scroll;
 * `?project=<path>` keeps the rows one project asked.
 */
export const interactionsRoutes: HubPlugin = (app, ctx) => {
  ctx.interactions.register({ list: () => ctx.sessions.all().map(choiceInteraction) });

  app.get<{ Querystring: Query }>('/api/interactions', async (request) => {
    const { filter = 'all', limit, cursor, project } = request.query;
    const problems: FieldProblem[] = [];
    if (!(FILTERS as readonly string[]).includes(filter)) problems.push({ field: 'filter', message: `must be one of ${FILTERS.join(', ')} (got ${JSON.stringify(filter)})` });
    const paged = limit !== undefined || cursor !== undefined;
    if (paged && filter !== 'active') problems.push({ field: 'filter', message: 'paging (limit, cursor) applies to filter=active only' });
    if (paged && project !== undefined) problems.push({ field: 'project', message: 'filters the unpaged list only (without limit, cursor)' });
    if (project !== undefined && (typeof project !== 'string' || !project.trim())) problems.push({ field: 'project', message: 'must be a project path as a row\'s source.project gives it' });
    const size = limit === undefined ? LIST_PAGE_SIZE : Number(limit);
    if (!Number.isInteger(size) || size < 1 || size > MAX_LIMIT) problems.push({ field: 'limit', message: `must be a whole number from 1 to ${MAX_LIMIT} (got ${JSON.stringify(limit)})` });
    const after = cursor === undefined ? null : parseListCursor(cursor);
    if (cursor !== undefined && !after) problems.push({ field: 'cursor', message: 'must be a next_cursor from an earlier page' });
    if (problems.length) throw new RequestValidationError(problems);
    if (!paged) {
      const rows = ctx.interactions.list(filter as (typeof FILTERS)[number]);
      return { interactions: project === undefined ? rows : rows.filter((row) => row.source?.project === project) };
    }
    const page = ctx.interactions.activePage(after, size);
    return { interactions: page.rows, next_cursor: page.next_cursor, active_total: page.active_total };
  });
};
