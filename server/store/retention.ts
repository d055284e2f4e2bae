import type { StoredSession } from '../sessions/stored-session.js';

export interface RetentionPolicy {
  retentionDays: number;
  maxHistory: number;
}

/**
 * Completed sessions older than the retention period are dropped (REQ-PERSIST-03); beyond the max count the
 * oldest completed ones go first (REQ-PERSIST-04). Pending sessions are never dropped.
 */
export function applyRetention(sessions: StoredSession[], policy: RetentionPolicy, now = Date.now()): StoredSession[] {
  const cutoff = now - policy.retentionDays * 86_400_000;
  const completed = sessions
    .filter((s) => s.status !== 'pending' && Date.parse(s.ended_at ?? s.created_at) >= cutoff)
    .sort((a, b) => Date.parse(b.ended_at ?? b.created_at) - Date.parse(a.ended_at ?? a.created_at))
    .slice(0, policy.maxHistory);
  const keep = new Set(completed.map((s) => s.id));
  return sessions.filter((s) => s.status === 'pending' || keep.has(s.id));
}
