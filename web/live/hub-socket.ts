import { parseMessage, type ServerMessage } from '../../shared/ws-messages.js';
import type { AppStore } from '../state/app-store.js';
import { backoffDelay } from './backoff.js';
import { ClockOffset } from './clock-offset.js';

const PING_EVERY_MS = 10_000;

/**
 * The page's live link to the hub: applies pushed state to the store, measures the clock offset with
 * pings, and reconnects by itself (backoff) after a dropped socket or a hub restart.
 */
export class HubSocket {
  readonly clock = new ClockOffset();
  private socket: WebSocket | null = null;
  private attempt = 0;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private readonly reconnectListeners = new Set<() => void>();

  constructor(
    private readonly store: AppStore,
    private readonly url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`,
  ) {}

  /** Called after every reconnect (not the first connect): refetch what may have changed meanwhile. */
  onReconnect(listener: () => void): void {
    this.reconnectListeners.add(listener);
  }

  connect(): void {
    this.store.update({ connection: 'connecting' });
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      const reconnected = this.attempt > 0;
      this.attempt = 0;
      this.clock.reset();
      this.store.update({ connection: 'open' });
      for (const delay of [0, 150, 400, 1000]) setTimeout(() => this.ping(), delay);
      this.pingTimer = setInterval(() => this.ping(), PING_EVERY_MS);
      if (reconnected) for (const l of this.reconnectListeners) l();
    };
    socket.onmessage = (event) => {
      const message = parseMessage<ServerMessage>(String(event.data));
      if (message) this.apply(message, Date.now());
    };
    socket.onclose = () => {
      clearInterval(this.pingTimer);
      if (this.socket !== socket) return;
      this.store.update({ connection: 'closed' });
      setTimeout(() => this.connect(), backoffDelay(this.attempt++));
    };
  }

  private ping(): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ type: 'ping', client_now: Date.now() }));
  }

  private apply(message: ServerMessage, receivedAt: number): void {
    switch (message.type) {
      case 'hello':
        this.clock.addOneWay(message.server_now, receivedAt);
        this.store.update({ settings: message.settings, interactions: message.interactions });
        return;
      case 'pong.reply': {
        const m = message as unknown as { server_now: number; client_now: number };
        this.clock.addRoundTrip(m.client_now, m.server_now, receivedAt);
        return;
      }
      case 'tick':
        this.clock.addOneWay(message.server_now, receivedAt);
        this.store.update({ deadlines: message.deadlines });
        return;
      case 'interactions':
        this.store.update({ interactions: message.interactions });
        return;
      case 'session':
        // Only sessions the page already follows are kept in full (others are in the list).
        if (!this.store.state.sessions[message.session.id]) return;
        this.store.putSession(message.session);
        // A moved deadline must show at once, not at the next tick.
        this.store.update((s) => {
          const deadlines = { ...s.deadlines };
          if (message.session.status === 'pending') deadlines[message.session.id] = Date.parse(message.session.deadline_at);
          else delete deadlines[message.session.id];
          return { deadlines };
        });
        return;
      case 'settings':
        this.store.update({ settings: message.settings });
        return;
      default:
        return;
    }
  }
}
