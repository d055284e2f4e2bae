import './tasks.css';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { TaskView } from '../../server/orchestrator/task-views.js';
import { taskClient, watchTask } from './task-client.js';
import { TaskInteraction } from './TaskInteraction.js';
import { TaskTerminal } from './TaskTerminal.js';

/**
 * The page of one orchestrated task: status, the question it waits on (answerable as a choice or text),
 * and a live terminal to attach (xterm.js, loaded only when opened). Mount with `mountTaskPage`.
 * Browser notifications for a task that starts waiting come from the portal's notification watch (one
 * place, the user's notification settings apply).
 */
export function TaskPage({ taskId }: { taskId: string }) {
  const [task, setTask] = useState<TaskView | null>(null);
  const [error, setError] = useState('');
  const [attached, setAttached] = useState(false);

  useEffect(() => {
    taskClient.get(taskId).then((r) => setTask(r.task), (e: Error) => setError(e.message));
    return watchTask(taskId, setTask);
  }, [taskId]);
  if (error) return <section class="task-page" data-testid="task-page"><p role="alert">{error}</p></section>;
  if (!task) return <section class="task-page" data-testid="task-page" aria-busy="true" />;
  const goal = task.goal ?? task.session.goal;
  return (
    <section class="task-page" data-testid="task-page">
      <header class="task-head">
        <h1>
          {task.session.name} · {task.name}
        </h1>
        <span class={`task-status task-status-${task.status.toLowerCase()}`} data-testid="task-status">
          {task.status}
          {task.alive && task.status === 'DONE' ? ' (alive)' : ''}
        </span>
      </header>
      <dl class="task-facts">
        {goal && (
          <>
            <dt>Goal</dt>
            <dd>{goal}</dd>
          </>
        )}
        <dt>Stage</dt>
        <dd>
          {task.stage + 1} of {task.session.stages} ({task.session.status})
        </dd>
        <dt>Command</dt>
        <dd>
          <code>{task.command?.join(' ') ?? '—'}</code>
        </dd>
        {task.pendingInputs.length > 0 && (
          <>
            <dt>Queued inputs</dt>
            <dd>{task.pendingInputs.length}</dd>
          </>
        )}
        {task.error && (
          <>
            <dt>Failed</dt>
            <dd class="task-error">{task.error}</dd>
          </>
        )}
      </dl>
      <TaskInteraction task={task} />
      {task.alive && (
        <div class="task-actions">
          <button type="button" class="btn" onClick={() => setAttached(!attached)} data-testid="task-attach" aria-expanded={attached}>
            {attached ? 'Detach terminal' : 'Attach terminal'}
          </button>
          <button type="button" class="btn btn-quiet" onClick={() => void taskClient.stop(task.id)} data-testid="task-stop">
            Stop task
          </button>
        </div>
      )}
      {attached && task.alive && <TaskTerminal taskId={task.id} />}
    </section>
  );
}

/** Renders the task page into `element` (for hosts that mount modules, e.g. the portal's TasksMount). */
export function mountTaskPage(element: HTMLElement, taskId: string): () => void {
  render(<TaskPage taskId={taskId} />, element);
  return () => render(null, element);
}
