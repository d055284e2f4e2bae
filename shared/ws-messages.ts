import type { ChoiceSessionView } from './choice/session-types.js';
import type { InteractionSummary } from './interactions.js';
import type { EffectiveSettings } from './settings.js';

/**
 * Messages the hub pushes over its WebSocket (`/ws`). Every message is JSON with a `type`.
 * Times are epoch milliseconds of the hub's clock; `server_now` lets a client correct for skew.
 */
export type ServerMessage =
  | { type: 'hello'; server_now: number; hub_version: string; settings: EffectiveSettings; interactions: InteractionSummary[] }
  /** The interaction list changed (full list: active ones + the recent completed ones). */
  | { type: 'interactions'; interactions: InteractionSummary[] }
  /** A choice session changed (created, answered, deadline moved, draft saved, interface switched). */
  | { type: 'session'; session: ChoiceSessionView }
  /** Sent every second: the authoritative deadlines of pending sessions. */
  | { type: 'tick'; server_now: number; deadlines: Record<string, number> }
  | { type: 'settings'; settings: EffectiveSettings }
  /** Extension messages from other hub concerns (resolver, orchestrator): `type` is namespaced `x.y`. */
  | { type: `${string}.${string}`; [key: string]: unknown };

/** Messages a client may send. Unknown types are ignored. */
export type ClientMessage =
  | { type: 'ping'; client_now: number }
  | { type: `${string}.${string}`; [key: string]: unknown };

export function parseMessage<T>(raw: string): T | null {
  try {
    const value = JSON.parse(raw);
    return value && typeof value === 'object' && typeof value.type === 'string' ? (value as T) : null;
  } catch {
    return null;
  }
}
