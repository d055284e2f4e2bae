import type { HubPlugin } from '../../hub/context.js';
import { Orchestrator } from '../orchestrator.js';
import { registerTaskRoutes } from './task-routes.js';
import { registerTaskHookRoutes } from './hook-routing.js';
import { taskInteraction, taskView } from './task-views.js';
import { registerTerminalSocket } from './terminal-socket.js';

/**
 * Orchestrated tasks run inside the hub: routes for workflows and tasks, a WebSocket per task terminal,
 * rows in the portal's interaction list (waiting on a person when WAITING_FOR_USER), `task.updated`
 * broadcasts, and an activity hold while any session runs or any task process lives.
 * Task output never goes to the hub's stdout or log: only to clients that attach.
 */
export const orchestratorPlugin: HubPlugin = (app, ctx) => {
  const orchestrator = new Orchestrator({ dataDir: ctx.config.paths.dir });
  orchestrator.markInterrupted();

  ctx.interactions.register({
    list: () => orchestrator.listSessions().flatMap((session) => session.tasks.filter((t) => t.status !== 'PENDING').map((task) => taskInteraction(task, session))),
  });

  let release: (() => void) | null = null;
  const refreshActivity = () => {
    const busy = orchestrator.listSessions().some((s) => s.status === 'RUNNING' || s.status === 'AWAITING_INTERACTION') || orchestrator.listTasks().some((t) => t.alive);
    if (busy && !release) release = ctx.activity.hold('orchestrated tasks');
    if (!busy && release) {
      release();
      release = null;
    }
  };

  orchestrator.on('task', (task, session) => {
    ctx.events.broadcast({ type: 'task.updated', task: taskView(task, session) });
    ctx.interactions.changed();
    refreshActivity();
  });
  orchestrator.on('session', (session) => {
    ctx.events.broadcast({ type: 'workflow.updated', session: { id: session.id, name: session.name, status: session.status, currentStageIndex: session.currentStageIndex, error: session.error } });
    ctx.interactions.changed();
    refreshActivity();
  });
  orchestrator.on('interaction-needed', (task, session) => {
    ctx.events.broadcast({ type: 'task.waiting', task: taskView(task, session) });
  });

  registerTaskRoutes(app, orchestrator);
  registerTaskHookRoutes(app, orchestrator, ctx);
  registerTerminalSocket(app, orchestrator, (reason) => ctx.activity.hold(reason));
  app.addHook('onClose', async () => orchestrator.shutdown());
};
