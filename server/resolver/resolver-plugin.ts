import type { FastifyReply } from 'fastify';
import type { HubPlugin } from '../hub/context.js';
import { ResolveManager } from './resolve-manager.js';
import { ResolveTaskRecords } from './resolve-task-records.js';
import { ResolveError, type ResolveAnswer, type ResolveScreenMessage } from './resolve-types.js';

const SCREEN_EVERY_MS = 100;

function sendError(reply: FastifyReply, err: unknown) {
  if (err instanceof ResolveError) return reply.code(err.status).send({ error: { code: err.code, message: err.message } });
  throw err;
}

/**
 * Resolve tasks live in the hub: HTTP routes for the MCP tools, a row per task in the interaction list
 * (waiting on the agent during a selection), the activity hold while tsci runs, and — to the WebSocket clients
 * that `follow` the task, not to every tab — `resolve.task` when it changes and its live screen
 * (`resolve.screen`, read-only, at most every 100 ms). A client that starts following gets the task as it is.
 */
export const resolverPlugin: HubPlugin = async (app, ctx) => {
  const manager = new ResolveManager(process.env);
  // Each task's summary on disk, so that after a restart its agent reads "failed: the hub restarted", not "no task".
  const records = new ResolveTaskRecords(ctx.config.paths.resolveTasks, ctx.config.paths.setAside, (message) => ctx.log.warn(`resolve tasks: ${message}`));
  const earlier = await records.load();
  for (const note of earlier.notes) ctx.log.warn(`resolve tasks: ${note.from} ${note.problem}; set aside as ${note.kept}`);
  manager.restore(earlier.views);
  manager.onClose((id) => records.remove(id));
  const holds = new Map<string, () => void>();
  const pendingScreens = new Map<string, ReturnType<typeof setTimeout>>();
  ctx.interactions.register({ list: () => manager.summaries() });

  manager.onChange((task) => {
    if (manager.find(task.id)) records.save(task.view());
    if (!task.terminal && !holds.has(task.id)) holds.set(task.id, ctx.activity.hold(`resolve ${task.id}`));
    if (task.terminal) {
      holds.get(task.id)?.();
      holds.delete(task.id);
    }
    ctx.interactions.changed();
    ctx.events.sendToFollowers(task.id, { type: 'resolve.task', task: task.view() });
  });

  ctx.events.onFollow((socket, ids) => {
    for (const id of ids) {
      const view = manager.find(id);
      if (view) ctx.events.send(socket, { type: 'resolve.task', task: view });
    }
  });

  manager.onScreen((task) => {
    if (pendingScreens.has(task.id)) return;
    pendingScreens.set(
      task.id,
      setTimeout(() => {
        pendingScreens.delete(task.id);
        const screen = task.view().screen;
        if (!screen) return;
        const message: ResolveScreenMessage = { type: 'resolve.screen', task_id: task.id, state: task.state, screen };
        ctx.events.sendToFollowers(task.id, message);
      }, SCREEN_EVERY_MS),
    );
  });

  app.addHook('onClose', async () => {
    for (const t of pendingScreens.values()) clearTimeout(t);
    // tsci is stopped, the tasks are not closed: after a restart their agents read them as failed.
    await manager.stopAll();
    await records.flush();
  });

  app.post<{ Body: Record<string, unknown> }>('/api/resolve', async (request, reply) => {
    try {
      const task = manager.start(request.body ?? {});
      return reply.code(201).send({ task_id: task.id, state: task.state });
    } catch (err) {
      return sendError(reply, err);
    }
  });

  app.get('/api/resolve', async () => ({ tasks: manager.list() }));

  // `?closed=include` (the portal's page): a recently closed task answers with its last view and
  // `closed: true` instead of 404. Without it a closed task is gone, as the guideline's close says.
  app.get<{ Params: { id: string }; Querystring: { closed?: string } }>('/api/resolve/:id', async (request, reply) => {
    try {
      const last = request.query.closed === 'include' ? manager.closedView(request.params.id) : undefined;
      if (last) return { ...last, closed: true };
      return manager.view(request.params.id);
    } catch (err) {
      return sendError(reply, err);
    }
  });

  app.post<{ Params: { id: string }; Body: ResolveAnswer }>('/api/resolve/:id/select', async (request, reply) => {
    try {
      return manager.select(request.params.id, request.body ?? ({} as ResolveAnswer));
    } catch (err) {
      return sendError(reply, err);
    }
  });

  app.delete<{ Params: { id: string } }>('/api/resolve/:id', async (request, reply) => {
    try {
      const view = await manager.close(request.params.id);
      return { task_id: view.task_id, closed: true, state: view.state };
    } catch (err) {
      return sendError(reply, err);
    }
  });
};
