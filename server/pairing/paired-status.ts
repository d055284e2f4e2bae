import type { ChannelStatus } from '../hub/channel-status.js';
import type { AgentKeyView } from './agent-keys.js';

export const PAIRED_CHANNEL = 'paired';

/**
 * A machine with gates waiting for it that has not called for this long is shown as not heard from: a paired agent
 * waiting on a gate polls at least every 50 s, and a hook's request is sent again within its wait (120 s by default).
 */
export const SILENT_AFTER_MS = 180_000;

/**
 * The paired machines as a channel (the portal's chip, /api/health `channels.paired`): off with no live key; down
 * when a machine with gates pending has not been heard from for SILENT_AFTER_MS (its tunnel dropped, it is off); else
 * ok, naming each machine and where it last called from.
 */
export function pairedStatus(keys: AgentKeyView[], pendingByKey: ReadonlyMap<string, number>, now: number): Pick<ChannelStatus, 'state' | 'detail'> {
  const live = keys.filter((k) => k.state === 'live');
  if (!live.length) return { state: 'off', detail: 'no machine is paired (gatehouse pair)' };
  const silent = live.filter((k) => (pendingByKey.get(k.id) ?? 0) > 0 && (!k.last_used_at || now - Date.parse(k.last_used_at) > SILENT_AFTER_MS));
  if (silent.length) {
    const named = silent.map((k) => `${k.name} (${pendingByKey.get(k.id)} gate(s) pending, last heard ${k.last_used_at ?? 'never'})`);
    return { state: 'down', detail: `not heard from: ${named.join(', ')}` };
  }
  return { state: 'ok', detail: live.map((k) => `${k.name}${k.last_used_from ? ` (${k.last_used_from})` : ' (not used yet)'}`).join(', ') };
}

/** How many pending gates each key started. */
export function pendingByKey(sessions: Iterable<{ status: string; source?: { machine_key?: string } | null }>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of sessions) {
    const key = s.source?.machine_key;
    if (s.status === 'pending' && key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
