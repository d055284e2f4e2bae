import { EventEmitter } from 'node:events';
import WebSocket from 'ws';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import type { EffectiveSettings } from '../../shared/settings.js';
import { parseServerMessage, type InteractionsDelta } from '../../shared/ws-messages.js';
import type { HubClient } from '../hub-client/hub-client.js';

export interface HubLiveEvents {
  /** A followed session changed (see `follow`); also sent once right after following it. */
  session: [session: ChoiceSessionView];
  settings: [settings: EffectiveSettings];
  /** The interaction list changed: rows added, changed or removed. */
  interactions: [delta: InteractionsDelta];
  /** The connection is gone and the hub does not answer its health route. */
  lost: [];
}

/** The hub's /ws stream for a terminal client: the sessions it follows, settings, list changes. */
export class HubLive extends EventEmitter<HubLiveEvents> {
  private socket: WebSocket | null = null;
  private closing = false;
  private followed: string[] = [];

  constructor(private readonly hub: HubClient) {
    super();
  }

  /** Receive the full session for these ids (the hub sends each at once, then on every change). */
  follow(sessionIds: string[]): void {
    this.followed = sessionIds;
    this.sendFollow();
  }

  private sendFollow(): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ type: 'follow', sessions: this.followed }));
  }

  /** Connects; resolves once the hub said hello. */
  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.hub.wsUrl());
      this.socket = socket;
      let greeted = false;
      socket.on('message', (data) => {
        const parsed = parseServerMessage(String(data));
        if (!parsed.ok) return;
        const message = parsed.message;
        if (message.type === 'hello') {
          greeted = true;
          if (this.followed.length) this.sendFollow();
          resolve();
          this.emit('settings', message.settings);
        } else if (message.type === 'session') this.emit('session', message.session);
        else if (message.type === 'settings') this.emit('settings', message.settings);
        else if (message.type === 'interactions.delta') this.emit('interactions', message);
      });
      socket.on('error', (err) => {
        if (!greeted) reject(err);
      });
      socket.on('close', () => {
        if (!greeted) return reject(new Error('the hub closed the live connection'));
        if (!this.closing) void this.checkLost();
      });
    });
  }

  private async checkLost(): Promise<void> {
    if (await this.hub.healthy(1000)) {
      try {
        await this.connect();
        return;
      } catch {
        /* fall through */
      }
    }
    this.emit('lost');
  }

  close(): void {
    this.closing = true;
    this.socket?.close();
    this.socket = null;
  }
}
