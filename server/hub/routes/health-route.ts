import type { HubPlugin } from '../context.js';
import { packageVersion } from '../../package-info.js';

const startedAt = new Date().toISOString();

export const healthRoute: HubPlugin = (app, ctx) => {
  app.get('/api/health', async () => {
    const problems = await ctx.store.health.problems();
    return {
      ok: true,
      /** degraded: the hub answers but cannot save (see problems: the path, what the system said, the fix). */
      status: problems.length ? 'degraded' : 'ok',
      problems,
      name: 'gatehouse',
      version: packageVersion,
      pid: process.pid,
      started_at: startedAt,
      base_url: ctx.baseUrl(),
      pending_sessions: ctx.sessions.pendingCount(),
      clients: ctx.events.clientCount,
      busy: ctx.activity.reasons,
      /** Records the store could not load at start, and where they were set aside (empty when all loaded). */
      warnings: ctx.store.setAside.map((note) => `${note.problem} (from ${note.from}; kept in ${note.kept})`),
    };
  });
};
