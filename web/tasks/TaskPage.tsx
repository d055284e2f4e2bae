import './tasks.css';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { TaskView } from '../../server/orchestrator/face/task-views.js';
import { taskClient, watchTask } from './task-client.js';
import { TaskInteraction } from './TaskInteraction.js';
import { TaskTerminal } from './TaskTerminal.js';
import { t } from '../config/i18n.js';

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
          {t(`common:taskStatus.${task.status}`)}
          {task.alive && task.status === 'DONE' ? t('taskPage.alive') : ''}
        </span>
      </header>
      <dl class="task-facts">
        {goal && (
          <>
            <dt>{t('taskPage.goal')}</dt>
            <dd>{goal}</dd>
          </>
        )}
        <dt>{t('taskPage.stage')}</dt>
        <dd>
          {t('taskPage.stageOf', { stage: task.stage + 1, stages: task.session.stages, status: t(`common:taskStatus.${task.session.status}`, { defaultValue: task.session.status }) })}
        </dd>
        <dt>{t('taskPage.command')}</dt>
        <dd>
          <code>{task.command?.join(' ') ?? '—'}</code>
        </dd>
        {task.pendingInputs.length > 0 && (
          <>
            <dt>{t('taskPage.queued')}</dt>
            <dd>{task.pendingInputs.length}</dd>
          </>
        )}
        {task.error && (
          <>
            <dt>{t('taskPage.failed')}</dt>
            <dd class="task-error">{task.error}</dd>
          </>
        )}
      </dl>
      <TaskInteraction task={task} />
      {task.explain && task.explain.length > 0 && (
        <details class="task-explain" data-testid="task-explain">
          <summary>{t('taskPage.explain')}</summary>
          <ol>
            {task.explain.map((line) => (
              <li>{line}</li>
            ))}
          </ol>
        </details>
      )}
      {task.alive && (
        <div class="task-actions">
          <button type="button" class="btn" onClick={() => setAttached(!attached)} data-testid="task-attach" aria-expanded={attached}>
            {attached ? t('taskPage.detach') : t('taskPage.attach')}
          </button>
          <button type="button" class="btn btn-quiet" onClick={() => void taskClient.stop(task.id)} data-testid="task-stop">
            {t('taskPage.stop')}
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
