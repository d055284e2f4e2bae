import type { HubPlugin } from '../context.js';

/** GET/PUT /api/settings: the persisted settings shared by every interface. */
export const settingsRoutes: HubPlugin = (app, ctx) => {
  app.get('/api/settings', async () => ({ settings: ctx.settings.get() }));
  app.put('/api/settings', async (request) => ({ settings: await ctx.settings.update(request.body ?? {}) }));
};
