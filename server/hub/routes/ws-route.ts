import { parseMessage } from '../../../shared/ws-messages.js';
import type { HubPlugin } from '../context.js';
import { packageVersion } from '../../package-info.js';

const TICK_MS = 1000;

/**
 * /ws: the live channel for the portal and terminal clients. Pushes the interaction list, session changes,
 * settings, and every second the authoritative deadlines of pending sessions.
 */
export const wsRoute: HubPlugin = (app, ctx) => {
  app.get('/ws', { websocket: true }, (socket) => {
    const release = ctx.activity.hold('websocket client');
    socket.on('close', release);
    socket.on('message', (data) => {
      const message = parseMessage<{ type: string; [key: string]: unknown }>(String(data));
      if (!message) return;
      if (message.type === 'ping') ctx.events.send(socket, { type: 'pong.reply', server_now: Date.now(), client_now: message.client_now });
      else ctx.events.dispatch(message, socket);
    });
    ctx.events.add(socket);
    ctx.events.send(socket, { type: 'hello', server_now: Date.now(), hub_version: packageVersion, settings: ctx.settings.get(), interactions: ctx.interactions.list() });
  });

  let listQueued = false;
  const pushList = () => {
    if (listQueued) return;
    listQueued = true;
    queueMicrotask(() => {
      listQueued = false;
      ctx.events.broadcast({ type: 'interactions', interactions: ctx.interactions.list() });
    });
  };
  ctx.interactions.onChange(pushList);
  ctx.sessions.on('changed', (session) => {
    ctx.events.broadcast({ type: 'session', session: ctx.sessions.view(session) });
    pushList();
  });
  ctx.settings.on('changed', (settings) => ctx.events.broadcast({ type: 'settings', settings }));

  const tick = setInterval(() => {
    if (ctx.events.clientCount === 0) return;
    const deadlines: Record<string, number> = {};
    for (const s of ctx.sessions.all()) if (s.status === 'pending') deadlines[s.id] = Date.parse(s.deadline_at);
    ctx.events.broadcast({ type: 'tick', server_now: Date.now(), deadlines });
  }, TICK_MS);
  tick.unref();
  app.addHook('onClose', async () => clearInterval(tick));
};
