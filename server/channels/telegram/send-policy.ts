import type { StoredSession } from '../../sessions/stored-session.js';
import type { TelegramConfig } from './telegram-config.js';

export interface SendContext {
  /** Live hub clients (portal tabs, terminal UIs) connected over WebSocket. */
  liveClients: number;
  now: number;
}

/**
 * Whether a pending gate goes to the chat now: `all` at once; `no-portal` while nobody has a portal tab or a
 * terminal UI open (so also later, when the person walks away); `older-than` once it has waited N seconds.
 */
export function shouldSendGate(session: StoredSession, config: Pick<TelegramConfig, 'send' | 'olderThanSeconds'>, ctx: SendContext): boolean {
  if (session.status !== 'pending') return false;
  switch (config.send) {
    case 'all':
      return true;
    case 'no-portal':
      return ctx.liveClients === 0;
    case 'older-than':
      return ctx.now - Date.parse(session.created_at) >= config.olderThanSeconds * 1000;
  }
}
