import type { ResolveState, ResolveTaskView } from '../../server/resolver/resolve-types.js';

/** Who a resolve task waits on: the agent during a selection, nobody while tsci works, none once over. */
export type ResolveWaitingOn = 'agent' | 'nobody' | 'none';

const OVER: readonly ResolveState[] = ['finished', 'failed'];

/** Over = finished, failed, or closed by the agent (then the hub stamps `ended_at` whatever the state). */
export function isOver(task: Pick<ResolveTaskView, 'state' | 'ended_at'>, closed: boolean): boolean {
  return closed || OVER.includes(task.state) || task.ended_at !== null;
}

export function waitingOn(task: Pick<ResolveTaskView, 'state' | 'ended_at'>, closed: boolean): ResolveWaitingOn {
  if (isOver(task, closed)) return 'none';
  return task.state === 'selection_required' ? 'agent' : 'nobody';
}

/** The badge's colour family for a state. */
export function stateTone(state: string): 'busy' | 'waiting' | 'ok' | 'bad' | 'idle' {
  if (state === 'selection_required') return 'waiting';
  if (state === 'finished') return 'ok';
  if (state === 'failed') return 'bad';
  if (state === 'idle') return 'idle';
  return 'busy';
}

/**
 * Of two views of the same task (a fetch that may have started before a broadcast, and the broadcast),
 * the one to show: the later `updated_at`; on a tie the incoming one (its screen is at least as fresh).
 */
export function newerView(current: ResolveTaskView | null, incoming: ResolveTaskView): ResolveTaskView {
  if (!current) return incoming;
  return Date.parse(incoming.updated_at) >= Date.parse(current.updated_at) ? incoming : current;
}

/** The screen's rows to show: trailing blank rows dropped, but never above the cursor's row. */
export function visibleRows(lines: string[], cursorLine: number): string[] {
  let end = lines.length;
  while (end > 0 && lines[end - 1].trim() === '' && end - 1 > cursorLine) end--;
  return lines.slice(0, end);
}
