import type { WebSocket } from 'ws';
import type { ServerMessage } from '../../shared/ws-messages.js';

type ClientHandler = (message: { type: string; [key: string]: unknown }, socket: WebSocket) => void;

/** The hub's WebSocket fan-out: broadcast to every connected client, route client messages by type prefix. */
export class HubEvents {
  private readonly clients = new Set<WebSocket>();
  private readonly handlers: Array<{ prefix: string; handler: ClientHandler }> = [];
  private readonly connectListeners = new Set<(socket: WebSocket) => void>();

  get clientCount(): number {
    return this.clients.size;
  }

  add(socket: WebSocket): void {
    this.clients.add(socket);
    socket.on('close', () => this.clients.delete(socket));
    for (const listener of this.connectListeners) listener(socket);
  }

  broadcast(message: ServerMessage): void {
    if (this.clients.size === 0) return;
    const data = JSON.stringify(message);
    for (const socket of this.clients) if (socket.readyState === socket.OPEN) socket.send(data);
  }

  send(socket: WebSocket, message: ServerMessage): void {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  }

  /** Handle client messages whose type starts with `prefix` (e.g. `task.`). */
  onClientMessage(prefix: string, handler: ClientHandler): void {
    this.handlers.push({ prefix, handler });
  }

  /** Called for each new client (e.g. to send it a snapshot). */
  onConnect(listener: (socket: WebSocket) => void): void {
    this.connectListeners.add(listener);
  }

  dispatch(message: { type: string; [key: string]: unknown }, socket: WebSocket): void {
    for (const { prefix, handler } of this.handlers) if (message.type.startsWith(prefix)) handler(message, socket);
  }
}
