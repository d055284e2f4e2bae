import type { WebSocket } from 'ws';
import { parseClientMessage } from '../../../shared/ws-client-messages.js';
import type { ServerMessage } from '../../../shared/ws-messages.js';
import type { HubContext, HubPlugin } from '../context.js';
import { InteractionDeltas } from '../interaction-deltas.js';
import { packageVersion } from '../../package-info.js';
import { accessOf } from '../request-guard.js';

/**
 * /ws: the live channel for the portal and terminal clients (protocol: shared/ws-messages.ts). Sends the first
 * page of the list on connect, then list deltas to everyone, a choice session only to the clients that follow
 * it, and settings. Every client message is validated before use; a bad one gets an `error` reply, and no
 * message — however malformed — can take the hub down. A client opened with gate links (no credential) gets only those
 * gates: an empty list, no deltas or extension messages, and may follow and receive only its own sessions.
 */
export const wsRoute: HubPlugin = (app, ctx) => {
  ctx.events.onDrop((reason) => ctx.log.warn(reason));
  // Deltas are computed against what every client was last told. With no client connected nothing is diffed
  // (a hub with 10,000 sessions and no tab does no list work per change); the next client re-baselines.
  let deltas: InteractionDeltas | null = null;

  app.get('/ws', { websocket: true, config: { gate: 'any' } }, (socket, request) => {
    const access = accessOf(request);
    const gates = access.full ? undefined : access.gates;
    const release = ctx.activity.hold('websocket client');
    socket.on('close', release);
    socket.on('message', (data, isBinary) => {
      try {
        onClientMessage(ctx, socket, isBinary ? null : String(data));
      } catch (err) {
        ctx.log.warn(`a WebSocket client message failed: ${(err as Error).message}`);
        reject(ctx, socket, 'the hub could not handle this message');
      }
    });
    ctx.events.add(socket, gates);
    if (gates) {
      ctx.events.send(socket, { type: 'hello', server_now: Date.now(), hub_version: packageVersion, settings: ctx.settings.get(), interactions: [], active_total: 0 });
      return;
    }
    deltas ??= new InteractionDeltas(ctx.interactions.visible());
    const first = ctx.interactions.firstView();
    ctx.events.send(socket, { type: 'hello', server_now: Date.now(), hub_version: packageVersion, settings: ctx.settings.get(), ...first });
  });

  let listQueued = false;
  const pushList = () => {
    if (ctx.events.portalClientCount === 0) {
      deltas = null;
      return;
    }
    if (listQueued) return;
    listQueued = true;
    queueMicrotask(() => {
      listQueued = false;
      const delta = deltas?.next(ctx.interactions.visible());
      if (delta) ctx.events.broadcast(delta);
    });
  };
  ctx.interactions.onChange(pushList);
  ctx.sessions.on('changed', (session) => {
    ctx.events.sendToFollowers(session.id, { type: 'session', session: ctx.sessions.view(session) });
    pushList();
  });
  ctx.settings.on('changed', (settings) => ctx.events.broadcast({ type: 'settings', settings }));
};

function reject(ctx: HubContext, socket: WebSocket, message: string): void {
  ctx.events.send(socket, { type: 'error', error: { code: 'bad_message', message } } satisfies ServerMessage);
}

function onClientMessage(ctx: HubContext, socket: WebSocket, raw: string | null): void {
  if (raw === null) return reject(ctx, socket, '(message): binary frames are not accepted; send JSON text');
  const parsed = parseClientMessage(raw);
  if (!parsed.ok) return reject(ctx, socket, parsed.error);
  const message = parsed.message;
  if (message.type === 'ping') {
    ctx.events.send(socket, { type: 'pong', server_now: Date.now(), client_now: message.client_now });
  } else if (message.type === 'follow') {
    const sessions = ctx.events.follow(socket, message.sessions as string[]);
    // The current state of each followed session, so nothing that changed before the follow is missed.
    for (const id of sessions) if (ctx.sessions.has(id)) ctx.events.send(socket, { type: 'session', session: ctx.sessions.view(ctx.sessions.get(id)) });
  } else if (ctx.events.gatesOf(socket)) {
    reject(ctx, socket, `type: ${JSON.stringify(message.type.slice(0, 40))} is not open to a gate link (it opens one question only)`);
  } else if (!ctx.events.dispatch(message, socket)) {
    reject(ctx, socket, `type: no handler for ${JSON.stringify(message.type.slice(0, 40))}`);
  }
}
