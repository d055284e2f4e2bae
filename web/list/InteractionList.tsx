import { useEffect, useState } from 'preact/hooks';
import type { InteractionSummary } from '../../shared/interactions.js';
import { i18n, t } from '../config/i18n.js';
import { useServices } from '../state/app-context.js';
import { useStore } from '../state/app-store.js';
import { filterInteractions, LIST_FILTERS, type ListFilter } from './list-filter.js';
import { intlLocale, relativeAge } from './relative-age.js';

/** Re-renders every 15 s so relative ages stay true. */
function useNow(periodMs = 15_000): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The left-side list on every page: active interactions + the recent completed ones, live over WebSocket. */
export function InteractionList({ currentId }: { currentId: string | null }) {
  const { store } = useServices();
  const rows = useStore(store, (s) => s.interactions);
  const [filter, setFilter] = useState<ListFilter>('all');
  const now = useNow();
  const shown = filterInteractions(rows, filter);

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
      <ul class="ilist" data-testid="interaction-list">
        {shown.length === 0 && <li class="ilist-empty">{t('list.empty')}</li>}
        {shown.map((row) => (
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
        <span class="irow-title">{row.title}</span>
        <span class="irow-meta">
          <span class={`badge badge-status status-${row.status}`} data-testid="status-badge">{status}</span>
          <span class="badge badge-iface" data-testid="iface-badge">{iface}</span>
          {row.kind !== 'choice' && <span class="badge badge-kind">{t(`list.kind.${row.kind}`)}</span>}
          <time class="irow-age" dateTime={row.created_at} title={new Date(row.created_at).toLocaleString(intlLocale(i18n.language))}>
            {relativeAge(row.created_at, now, intlLocale(i18n.language))}
          </time>
        </span>
      </a>
    </li>
  );
}
