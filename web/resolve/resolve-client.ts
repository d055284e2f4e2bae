import type { ResolveScreen, ResolveTaskView } from '../../server/resolver/resolve-types.js';
import { backoffDelay } from '../live/backoff.js';

/**
 * `GET /api/resolve/:id?closed=include` (same origin, the credential cookie rides along): the live task, or a
 * recently closed one's last view with `closed: true`; null when the hub no longer has it.
 */
export async function fetchResolveTask(id: string): Promise<(ResolveTaskView & { closed?: boolean }) | null> {
  const response = await fetch(`/api/resolve/${encodeURIComponent(id)}?closed=include`, { credentials: 'same-origin' });
  if (response.status === 404) return null;
  const data = (await response.json().catch(() => ({}))) as ResolveTaskView & { closed?: boolean; error?: { message?: string } };
  if (!response.ok) throw new Error(data.error?.message ?? `HTTP ${response.status}`);
  return data;
}

export interface ResolveWatchHandlers {
  /** `resolve.task`: the task changed state (or was closed). */
  onTask(task: ResolveTaskView): void;
  /** `resolve.screen`: tsci's terminal redrew (at most every 100 ms). */
  onScreen(screen: ResolveScreen): void;
  /** The socket came back after a drop: refetch, changes may have been missed. */
  onReconnect(): void;
}

/**
 * Follows one resolve task over the hub's `/ws`: on every (re)connect it sends `follow` with the task's id (the hub
 * sends a task's changes and screen only to the tabs that follow it, and answers a follow with the task as it is).
 * Nothing else is ever sent (the person watches, the agent answers). Reconnects with the portal's backoff after a
 * drop or a hub restart.
 */
export function watchResolveTask(id: string, handlers: ResolveWatchHandlers): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    const current = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
    socket = current;
    current.onopen = () => {
      current.send(JSON.stringify({ type: 'follow', sessions: [id] }));
      if (attempt > 0) handlers.onReconnect();
      attempt = 0;
    };
    current.onmessage = (event) => {
      let message: { type?: string; task_id?: string; task?: ResolveTaskView; screen?: ResolveScreen };
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message.type === 'resolve.task' && message.task?.task_id === id) handlers.onTask(message.task);
      else if (message.type === 'resolve.screen' && message.task_id === id && message.screen) handlers.onScreen(message.screen);
    };
    current.onclose = () => {
      if (stopped || socket !== current) return;
      retry = setTimeout(open, backoffDelay(attempt++));
    };
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    socket?.close();
  };
}
