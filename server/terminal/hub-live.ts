import { EventEmitter } from 'node:events';
import WebSocket from 'ws';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import type { InteractionSummary } from '../../shared/interactions.js';
import type { EffectiveSettings } from '../../shared/settings.js';
import { parseMessage, type ServerMessage } from '../../shared/ws-messages.js';
import type { HubClient } from '../hub-client/hub-client.js';

export interface HubLiveEvents {
  tick: [serverNow: number, deadlines: Record<string, number>];
  session: [session: ChoiceSessionView];
  settings: [settings: EffectiveSettings];
  interactions: [interactions: InteractionSummary[]];
  /** The connection is gone and the hub does not answer its health route. */
  lost: [];
}

/** The hub's /ws stream for a terminal client: ticks, session changes, settings, the interaction list. */
export class HubLive extends EventEmitter<HubLiveEvents> {
  private socket: WebSocket | null = null;
  private closing = false;

  constructor(private readonly hub: HubClient) {
    super();
  }

  /** Connects; resolves once the hub said hello. */
  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.hub.wsUrl());
      this.socket = socket;
      let greeted = false;
      socket.on('message', (data) => {
        const message = parseMessage<ServerMessage>(String(data));
        if (!message) return;
        if (message.type === 'hello') {
          greeted = true;
          resolve();
          this.emit('settings', message.settings as EffectiveSettings);
          this.emit('interactions', message.interactions as InteractionSummary[]);
        } else if (message.type === 'tick') this.emit('tick', message.server_now as number, message.deadlines as Record<string, number>);
        else if (message.type === 'session') this.emit('session', message.session as ChoiceSessionView);
        else if (message.type === 'settings') this.emit('settings', message.settings as EffectiveSettings);
        else if (message.type === 'interactions') this.emit('interactions', message.interactions as InteractionSummary[]);
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
