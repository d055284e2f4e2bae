import { choiceInteraction } from '../../sessions/choice-interactions.js';
import type { HubPlugin } from '../context.js';
import { RequestValidationError } from '../../../shared/validation-error.js';

const FILTERS = ['all', 'active', 'completed'] as const;

/** The interaction list (active + the five most recent completed), over HTTP and pushed over WebSocket. */
export const interactionsRoutes: HubPlugin = (app, ctx) => {
  ctx.interactions.register({ list: () => ctx.sessions.all().map(choiceInteraction) });

  app.get<{ Querystring: { filter?: string } }>('/api/interactions', async (request) => {
    const filter = request.query.filter ?? 'all';
    if (!(FILTERS as readonly string[]).includes(filter)) {
      throw new RequestValidationError([{ field: 'filter', message: `must be one of ${FILTERS.join(', ')} (got ${JSON.stringify(filter)})` }]);
    }
    return { interactions: ctx.interactions.list(filter as (typeof FILTERS)[number]) };
  });
};
