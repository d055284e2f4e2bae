import { useEffect, useState } from 'preact/hooks';
import type { TaskView } from '../../server/orchestrator/face/task-views.js';
import { wsBase } from './task-client.js';
import { t } from '../config/i18n.js';

/** Every orchestrated task with its status, live (`task.updated` over `/ws`); each links to its page. */
export function TaskList() {
  const [tasks, setTasks] = useState<TaskView[]>([]);
  useEffect(() => {
    let closed = false;
    void fetch('/api/tasks', { credentials: 'same-origin' })
      .then((r) => r.json())
      .then((body: { tasks?: TaskView[] }) => !closed && setTasks(body.tasks ?? []));
    const socket = new WebSocket(`${wsBase()}/ws`);
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as { type: string; task?: TaskView };
      if (message.type !== 'task.updated' || !message.task) return;
      const task = message.task;
      setTasks((list) => (list.some((t) => t.id === task.id) ? list.map((t) => (t.id === task.id ? task : t)) : [task, ...list]));
    };
    return () => {
      closed = true;
      socket.close();
    };
  }, []);
  if (!tasks.length) return null;
  return (
    <section class="task-list" data-testid="task-list">
      <h2>{t('taskPage.tasks')}</h2>
      <ul>
        {tasks.map((task) => (
          <li key={task.id}>
            <a href={`/tasks/${encodeURIComponent(task.id)}`}>
              {task.session.name} · {task.name}
            </a>{' '}
            <span class={`task-status task-status-${task.status.toLowerCase()}`}>{t(`common:taskStatus.${task.status}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
