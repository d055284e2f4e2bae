import type { TaskView } from '../../server/orchestrator/face/task-views.js';

/** The orchestrator's HTTP routes, same origin (the credential cookie rides along). */
async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as T & { error?: { message?: string } };
  if (!response.ok) throw new Error(data.error?.message ?? `HTTP ${response.status}`);
  return data;
}

const taskPath = (id: string) => `/api/tasks/${encodeURIComponent(id)}`;

export const taskClient = {
  get: (id: string) => call<{ task: TaskView; screen: string | null }>('GET', taskPath(id)),
  choose: (id: string, index: number) => call<unknown>('POST', `${taskPath(id)}/choose`, { index }),
  sendText: (id: string, text: string) => call<unknown>('POST', `${taskPath(id)}/input`, { text }),
  stop: (id: string) => call<unknown>('POST', `${taskPath(id)}/stop`),
};

export const wsBase = () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`;

/** Follows one task through the hub's `/ws` broadcasts (`task.updated`); reconnects after a drop. */
export function watchTask(id: string, onTask: (task: TaskView) => void): () => void {
  let socket: WebSocket | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    socket = new WebSocket(`${wsBase()}/ws`);
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as { type: string; task?: TaskView };
      if ((message.type === 'task.updated' || message.type === 'task.waiting') && message.task?.id === id) onTask(message.task);
    };
    socket.onclose = () => {
      if (!closed) retry = setTimeout(open, 1000);
    };
  };
  open();
  return () => {
    closed = true;
    clearTimeout(retry);
    socket?.close();
  };
}
