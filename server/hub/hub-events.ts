import type { WebSocket } from 'ws';
import { MAX_FOLLOWED_SESSIONS } from '../../shared/ws-client-messages.js';
import type { ExtensionMessage, ServerMessage } from '../../shared/ws-messages.js';

type ClientHandler = (message: ExtensionMessage, socket: WebSocket) => void;

/**
 * Bytes a client may leave unread in its send buffer. A client that stops reading (or sends without reading
 * the replies) is disconnected at this point instead of growing the hub's memory; the portal reconnects by itself.
 */
export const MAX_UNREAD_BYTES = 1024 * 1024;

/**
 * The hub's WebSocket fan-out: broadcast to every connected client, send a session only to the clients that
 * follow it, route extension messages by type prefix, and drop clients that do not read.
 */
export class HubEvents {
  /** Each client and what it follows (shows in full): choice sessions, resolve tasks. */
  private readonly clients = new Map<WebSocket, Set<string>>();
  /** Clients opened with gate links: the only sessions each may follow; they get no broadcasts (list, tasks, resolve). */
  private readonly gateOnly = new Map<WebSocket, ReadonlySet<string>>();
  private readonly handlers: Array<{ prefix: string; handler: ClientHandler }> = [];
  private readonly connectListeners = new Set<(socket: WebSocket) => void>();
  private readonly dropListeners = new Set<(reason: string) => void>();
  private readonly followListeners = new Set<(socket: WebSocket, ids: readonly string[]) => void>();

  get clientCount(): number {
    return this.clients.size;
  }

  /** Clients with the hub's credential (portal tabs, terminal UIs): they see new gates; a gate-link tab does not. */
  get portalClientCount(): number {
    return this.clients.size - this.gateOnly.size;
  }

  /** A new client; `gates`: it was opened with gate links and may see those choice sessions only. */
  add(socket: WebSocket, gates?: ReadonlySet<string>): void {
    this.clients.set(socket, new Set());
    if (gates) this.gateOnly.set(socket, gates);
    socket.on('close', () => {
      this.clients.delete(socket);
      this.gateOnly.delete(socket);
    });
    if (!gates) for (const listener of this.connectListeners) listener(socket);
  }

  /** The sessions a gate-link client may see; null for a client with the hub's credential (everything). */
  gatesOf(socket: WebSocket): ReadonlySet<string> | null {
    return this.gateOnly.get(socket) ?? null;
  }

  /**
   * The sessions (or resolve tasks) `socket` shows in full from now on (replaces the previous set; a gate-link
   * client keeps to its gates). Follow listeners then get what is followed, to send its current state.
   */
  follow(socket: WebSocket, sessionIds: readonly string[]): string[] {
    const gates = this.gateOnly.get(socket);
    const followed = sessionIds.filter((id) => !gates || gates.has(id)).slice(0, MAX_FOLLOWED_SESSIONS);
    if (!this.clients.has(socket)) return followed;
    this.clients.set(socket, new Set(followed));
    for (const listener of this.followListeners) listener(socket, followed);
    return followed;
  }

  /** Called when a client starts following ids (e.g. to send it their current state). */
  onFollow(listener: (socket: WebSocket, ids: readonly string[]) => void): void {
    this.followListeners.add(listener);
  }

  /** To every client with the hub's credential (gate-link clients see their own sessions only). */
  broadcast(message: ServerMessage | ExtensionMessage): void {
    if (this.clients.size === 0) return;
    const data = JSON.stringify(message);
    for (const socket of this.clients.keys()) if (!this.gateOnly.has(socket)) this.deliver(socket, data);
  }

  /** Sends `message` to the clients that follow session (or task) `sessionId` only. */
  sendToFollowers(sessionId: string, message: ServerMessage | ExtensionMessage): void {
    let data: string | null = null;
    for (const [socket, followed] of this.clients) {
      if (!followed.has(sessionId)) continue;
      data ??= JSON.stringify(message);
      this.deliver(socket, data);
    }
  }

  send(socket: WebSocket, message: ServerMessage | ExtensionMessage): void {
    if (socket.readyState === socket.OPEN) this.deliver(socket, JSON.stringify(message));
  }

  /** Called with a reason when a client is dropped for not reading (for the hub log). */
  onDrop(listener: (reason: string) => void): void {
    this.dropListeners.add(listener);
  }

  private deliver(socket: WebSocket, data: string): void {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_UNREAD_BYTES) {
      // Closing politely would queue the close frame behind the unread data: cut the connection.
      this.clients.delete(socket);
      this.gateOnly.delete(socket);
      socket.terminate();
      for (const listener of this.dropListeners) listener(`a WebSocket client left more than ${MAX_UNREAD_BYTES} bytes unread; disconnected it`);
      return;
    }
    socket.send(data);
  }

  /** Handle client messages whose type starts with `prefix` (e.g. `task.`). */
  onClientMessage(prefix: string, handler: ClientHandler): void {
    this.handlers.push({ prefix, handler });
  }

  /** Called for each new client (e.g. to send it a snapshot). */
  onConnect(listener: (socket: WebSocket) => void): void {
    this.connectListeners.add(listener);
  }

  /** Routes an extension message to its handlers; returns false when none takes its type. */
  dispatch(message: ExtensionMessage, socket: WebSocket): boolean {
    if (this.gateOnly.has(socket)) return false;
    let handled = false;
    for (const { prefix, handler } of this.handlers) {
      if (!message.type.startsWith(prefix)) continue;
      handled = true;
      handler(message, socket);
    }
    return handled;
  }
}
