import { parseServerMessage, type ServerMessage } from '../../shared/ws-messages.js';
import { applyDelta } from '../list/list-rows.js';
import type { AppStore } from '../state/app-store.js';
import { backoffDelay } from './backoff.js';
import { ClockOffset } from './clock-offset.js';

const PING_EVERY_MS = 10_000;

/**
 * The page's live link to the hub: follows the sessions the page shows, applies list deltas and pushed state to
 * the store, measures the clock offset with pings, and reconnects by itself (backoff) after a dropped socket or
 * a hub restart (the hub then sends a fresh first page and the followed sessions as they are now).
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

  /** Called after every reconnect (not the first connect). */
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
      this.follow();
      for (const delay of [0, 150, 400, 1000]) setTimeout(() => this.ping(), delay);
      this.pingTimer = setInterval(() => this.ping(), PING_EVERY_MS);
      if (reconnected) for (const l of this.reconnectListeners) l();
    };
    socket.onmessage = (event) => {
      const parsed = parseServerMessage(String(event.data));
      if (parsed.ok) this.apply(parsed.message, Date.now());
      else if (!parsed.extension) console.warn(`gatehouse: ignored a hub message: ${parsed.error}`);
    };
    socket.onclose = () => {
      clearInterval(this.pingTimer);
      if (this.socket !== socket) return;
      this.store.update({ connection: 'closed' });
      setTimeout(() => this.connect(), backoffDelay(this.attempt++));
    };
  }

  /** Tells the hub which sessions this page shows in full (it sends each now and on every change). */
  follow(): void {
    this.send({ type: 'follow', sessions: Object.keys(this.store.state.sessions) });
  }

  private ping(): void {
    this.send({ type: 'ping', client_now: Date.now() });
  }

  private send(message: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private apply(message: ServerMessage, receivedAt: number): void {
    switch (message.type) {
      case 'hello':
        this.clock.addOneWay(message.server_now, receivedAt);
        this.store.update({ settings: message.settings, interactions: message.interactions, activeTotal: message.active_total });
        return;
      case 'pong':
        this.clock.addRoundTrip(message.client_now, message.server_now, receivedAt);
        return;
      case 'interactions.delta':
        this.store.update((s) => {
          const next = applyDelta({ rows: s.interactions, activeTotal: s.activeTotal }, message);
          return { interactions: next.rows, activeTotal: next.activeTotal };
        });
        return;
      case 'session':
        if (this.store.state.sessions[message.session.id]) this.store.putSession(message.session);
        return;
      case 'settings':
        this.store.update({ settings: message.settings });
        return;
      case 'error':
        console.warn(`gatehouse: the hub refused a message: ${message.error.message}`);
        return;
    }
  }
}
