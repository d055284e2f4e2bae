import type { HubPlugin } from '../context.js';
import { packageVersion } from '../../package-info.js';

const startedAt = new Date().toISOString();

export const healthRoute: HubPlugin = (app, ctx) => {
  app.get('/api/health', async () => ({
    ok: true,
    name: 'gatehouse',
    version: packageVersion,
    pid: process.pid,
    started_at: startedAt,
    base_url: ctx.baseUrl(),
    pending_sessions: ctx.sessions.pendingCount(),
    clients: ctx.events.clientCount,
    busy: ctx.activity.reasons,
  }));
};
