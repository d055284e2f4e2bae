// The hub's WebSocket as a bench sees it: when a task's row changed to what a row is waiting for.
import WebSocket from 'ws';
import type { TaskView } from '../../server/orchestrator/face/task-views.js';

/** Epoch ms with sub-ms precision. */
export const now = () => performance.timeOrigin + performance.now();

/** Epoch ms at which the hub pushes `task.updated` for `taskId` with a task that `matches`. */
export function taskPushed(socket: WebSocket, taskId: string, matches: (task: TaskView) => boolean): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const at = now();
      const message = JSON.parse(String(data)) as { type: string; task?: TaskView };
      const task = message.type === 'task.updated' ? message.task : undefined;
      if (task?.id !== taskId || !matches(task)) return;
      socket.off('message', onMessage);
      resolve(at);
    };
    socket.on('message', onMessage);
  });
}
