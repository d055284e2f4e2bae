import './resolve.css';
import { useEffect, useState } from 'preact/hooks';
import type { ResolveTaskView } from '../../server/resolver/resolve-types.js';
import { i18n, t } from '../config/i18n.js';
import { intlLocale } from '../list/relative-age.js';
import { useServices } from '../state/app-context.js';
import { useStore } from '../state/app-store.js';
import { fetchResolveTask, watchResolveTask } from './resolve-client.js';
import { ResolveOutcomeView } from './ResolveOutcomeView.js';
import { ResolveScreenView } from './ResolveScreenView.js';
import { ResolveSelectionView } from './ResolveSelectionView.js';
import { isOver, newerView, stateTone, waitingOn } from './resolve-state.js';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(intlLocale(i18n.language)) : '—');

/** The state's badge; closed by the agent mid-way (not finished/failed), the state it stopped in is muted and "Closed" added. */
function StateBadge({ state, closed }: { state: string; closed: boolean }) {
  const stopped = closed && state !== 'finished' && state !== 'failed';
  return (
    <>
      <span class={`badge rs-badge rs-tone-${stopped ? 'idle' : stateTone(state)}`} data-testid="resolve-state" data-state={state}>
        {t(`common:resolveStatus.${state}`, { defaultValue: state })}
      </span>
      {stopped && (
        <span class="badge rs-badge rs-tone-bad" data-testid="resolve-closed-badge">
          {t('resolve.closedBadge')}
        </span>
      )}
    </>
  );
}

/**
 * /resolve/:id — a resolve task (tsci driven by the hub for an agent), read-only for the person: its state,
 * who it waits on, the selection relayed to the agent, the result or failure, and tsci's live screen over
 * the hub's WebSocket (`resolve.task`, `resolve.screen`). A task the agent closed stays readable: from its
 * last view if the page saw it, else from its row in the interaction list.
 */
export function ResolvePage({ taskId }: { taskId: string }) {
  const { store } = useServices();
  const row = useStore(store, (s) => s.interactions.find((r) => r.kind === 'resolve' && r.id === taskId));
  const [task, setTask] = useState<ResolveTaskView | null>(null);
  const [closed, setClosed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    let alive = true;
    const refresh = () =>
      fetchResolveTask(taskId).then(
        (view) => {
          if (!alive) return;
          if (view) setTask((current) => newerView(current, view));
          if (!view || view.closed) setClosed(true);
          setLoaded(true);
        },
        (e: Error) => alive && setError(e.message),
      );
    void refresh();
    const stop = watchResolveTask(taskId, {
      onTask: (view) => {
        setTask((current) => newerView(current, view));
        // Closing is announced with the task's last view; only a refetch (closed: true) tells closed from ended.
        if (view.ended_at) void refresh();
      },
      onScreen: (screen) => setTask((current) => (current ? { ...current, screen } : current)),
      onReconnect: () => void refresh(),
    });
    return () => {
      alive = false;
      stop();
    };
  }, [taskId]);

  useEffect(() => {
    const name = task?.component_name;
    if (name) document.title = `${t('resolve.heading', { name })} · gatehouse`;
  }, [task?.component_name]);

  if (error) return <section class="card" role="alert">{t('error.generic', { message: error })}</section>;
  if (!loaded && !task) return <section class="card rs-page" data-testid="resolve-page" aria-busy="true" />;
  if (!task && !row) {
    return (
      <section class="card" data-testid="not-found">
        <p>{t('choice.notFound')}</p>
      </section>
    );
  }
  if (!task) return <ClosedFromRow title={row!.title} state={row!.status} created={row!.created_at} ended={row!.ended_at} />;

  const over = isOver(task, closed);
  const waiting = waitingOn(task, closed);
  return (
    <article class="card rs-page" data-testid="resolve-page" data-state={task.state} data-over={over ? 'true' : 'false'} data-closed={closed ? 'true' : 'false'}>
      <header class="rs-head">
        <h1 class="rs-title">{t('resolve.heading', { name: task.component_name })}</h1>
        <StateBadge state={task.state} closed={closed || task.ended_at !== null} />
        <span class="badge">{t('common:interface.pty', { defaultValue: 'pty' })}</span>
      </header>
      <p class="rs-watching" data-testid="resolve-readonly">{t('resolve.watching')}</p>
      {over && (
        <p class="notice" data-testid="resolve-over">
          {t(closed ? 'resolve.closed' : 'resolve.over')}
        </p>
      )}
      <dl class="facts rs-facts">
        <dt>{t('resolve.waitingOn')}</dt>
        <dd data-testid="resolve-waiting-on" data-waiting={waiting} class={waiting === 'agent' ? 'rs-waiting-agent' : undefined}>
          {t(waiting === 'agent' ? 'resolve.waitingAgent' : waiting === 'nobody' ? 'resolve.waitingNobody' : 'resolve.waitingNone')}
        </dd>
        <dt>{t('resolve.component')}</dt>
        <dd data-testid="resolve-component">{task.component_name}</dd>
        <dt>{t('resolve.project')}</dt>
        <dd>
          <code>{task.project_dir}</code>
        </dd>
        {task.command && (
          <>
            <dt>{t('resolve.command')}</dt>
            <dd>
              <code>{task.command.join(' ')}</code>
            </dd>
          </>
        )}
        <dt>{t('resolve.started')}</dt>
        <dd>{when(task.created_at)}</dd>
        {task.ended_at && (
          <>
            <dt>{t('resolve.ended')}</dt>
            <dd>{when(task.ended_at)}</dd>
          </>
        )}
      </dl>
      {task.state === 'selection_required' && task.selection && <ResolveSelectionView selection={task.selection} error={task.error} over={over} />}
      <ResolveOutcomeView task={task} />
      <ResolveScreenView screen={task.screen} live={!over} />
    </article>
  );
}

/** Opened after the agent closed the task: the hub keeps only its list row (state, times). */
function ClosedFromRow({ title, state, created, ended }: { title: string; state: string; created: string; ended: string | null }) {
  return (
    <article class="card rs-page" data-testid="resolve-page" data-state={state} data-over="true" data-closed="true">
      <header class="rs-head">
        <h1 class="rs-title">{title}</h1>
        <StateBadge state={state} closed />
      </header>
      <p class="rs-watching" data-testid="resolve-readonly">{t('resolve.watching')}</p>
      <p class="notice" data-testid="resolve-over">{t('resolve.closed')}</p>
      <dl class="facts rs-facts">
        <dt>{t('resolve.started')}</dt>
        <dd>{when(created)}</dd>
        <dt>{t('resolve.ended')}</dt>
        <dd>{when(ended)}</dd>
      </dl>
    </article>
  );
}
