import { useEffect, useState } from 'preact/hooks';
import type { InteractionSummary } from '../../shared/interactions.js';
import { countsText } from '../../shared/permission/counts-text.js';
import { i18n, t } from '../config/i18n.js';
import { useServices } from '../state/app-context.js';
import { useStore } from '../state/app-store.js';
import { filterInteractions, LIST_FILTERS, type ListFilter } from './list-filter.js';
import { loadedActive } from './list-rows.js';
import { intlLocale, relativeAge } from './relative-age.js';
import { useMoreRows } from './use-more-rows.js';
import { filterByProject, projectsOf } from './project-filter.js';
import { RowSource } from './RowSource.js';

/** Re-renders every 15 s so relative ages stay true. */
function useNow(periodMs = 15_000): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs]);
  return now;
}

/**
 * The left-side list on every page: active interactions (newest first, a page at a time: older ones load as the
 * list scrolls) + the recent completed ones, kept live by the hub's deltas.
 */
export function InteractionList({ currentId }: { currentId: string | null }) {
  const { store } = useServices();
  const rows = useStore(store, (s) => s.interactions);
  const activeTotal = useStore(store, (s) => s.activeTotal);
  const [filter, setFilter] = useState<ListFilter>('all');
  const [project, setProject] = useState<string | null>(null);
  // Time left is shown per active row: tick every second while any row counts down.
  const now = useNow(rows.some((r) => r.active && r.deadline_at) ? 1000 : 15_000);
  const projects = projectsOf(rows);
  const shown = filterByProject(filterInteractions(rows, filter), project);
  const loaded = loadedActive({ rows, activeTotal });
  const more = filter !== 'completed' && loaded < activeTotal;
  const { sentinel, loading, loadMore } = useMoreRows(store, more);

  return (
    <aside class="sidebar" aria-label={t('list.title')}>
      <h2 class="sidebar-title">{t('list.title')}</h2>
      <div class="filters" role="tablist" data-testid="list-filters">
        {LIST_FILTERS.map((f) => (
          <button key={f} type="button" role="tab" aria-selected={filter === f} class="filter" onClick={() => setFilter(f)} data-filter={f}>
            {t(`list.filter.${f}`)}
          </button>
        ))}
      </div>
      {projects.length > 0 && (
        <label class="project-filter">
          <select aria-label={t('source.project')} data-testid="project-filter" value={project ?? ''} onChange={(e) => setProject((e.currentTarget as HTMLSelectElement).value || null)}>
            <option value="">{t('source.allProjects')}</option>
            {projects.map((p) => (
              <option key={p.path} value={p.path} title={p.path}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <ul class="ilist" data-testid="interaction-list">
        {shown.length === 0 && <li class="ilist-empty">{t('list.empty')}</li>}
        {shown.filter((row) => row.active).map((row) => (
          <InteractionRow key={`${row.kind}:${row.id}`} row={row} current={row.id === currentId} now={now} />
        ))}
        {more && (
          <li class="ilist-more" ref={sentinel} data-testid="list-more">
            <span class="muted small" data-testid="list-count">{t('list.count', { shown: loaded, total: activeTotal })}</span>
            <button type="button" class="btn btn-quiet" disabled={loading} onClick={() => void loadMore()}>
              {loading ? t('list.loading') : t('list.more', { count: activeTotal - loaded })}
            </button>
          </li>
        )}
        {shown.filter((row) => !row.active).map((row) => (
          <InteractionRow key={`${row.kind}:${row.id}`} row={row} current={row.id === currentId} now={now} />
        ))}
      </ul>
    </aside>
  );
}

function InteractionRow({ row, current, now }: { row: InteractionSummary; current: boolean; now: number }) {
  const statusKey = row.kind === 'choice' ? 'status' : `${row.kind}Status`;
  const status = t(`common:${statusKey}.${row.status}`, { defaultValue: row.status });
  const iface = t(`common:interface.${row.interface}`, { defaultValue: row.interface });
  return (
    <li class={`irow${current ? ' irow-current' : ''}${row.active ? ' irow-active' : ''}`} data-id={row.id} data-kind={row.kind} data-status={row.status}>
      <a href={row.href} aria-current={current ? 'page' : undefined}>
        <span class="irow-title" title={row.title}>{row.title}</span>
        <RowSource row={row} now={now} />
        <span class="irow-meta">
          <span class={`badge badge-status status-${row.status}`} data-testid="status-badge">{status}</span>
          <span class="badge badge-iface" data-testid="iface-badge">{iface}</span>
          {row.agent_gone_at ? <span class="badge badge-gone" data-testid="row-agent-gone">{t('list.agentGone')}</span> : null}
          {row.questions ? <span class="badge" data-testid="row-questions">{t('list.questions', { count: row.questions })}</span> : null}
          {row.change ? <span class="badge badge-change" data-testid="row-change" aria-label={t('permission.counts', { added: row.change.added, removed: row.change.removed })}>{countsText(row.change.added, row.change.removed)}</span> : null}
          {row.kind !== 'choice' && <span class="badge badge-kind">{t(`list.kind.${row.kind}`)}</span>}
          <time class="irow-age" dateTime={row.created_at} title={new Date(row.created_at).toLocaleString(intlLocale(i18n.language))}>
            {relativeAge(row.created_at, now, intlLocale(i18n.language))}
          </time>
        </span>
      </a>
    </li>
  );
}
