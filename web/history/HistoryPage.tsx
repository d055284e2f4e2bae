import { useState } from 'preact/hooks';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { i18n, t } from '../config/i18n.js';
import { intlLocale } from '../list/relative-age.js';
import { sourceLabel } from '../../shared/choice/gate-source.js';
import { HistorySourceFilters } from './HistorySourceFilters.js';
import { PermissionHistory } from './PermissionHistory.js';
import { Pager, usePagedQuery } from './paged-list.js';
import { answersSummary } from '../../shared/choice/answers-summary.js';

const STATUSES = ['submitted', 'auto-submitted', 'cancelled', 'timeout'] as const;
const PAGE_SIZE = 20;

interface HistoryReply {
  items: ChoiceSessionView[];
  total: number;
  page: number;
  page_size: number;
  /** Gates still open: history lists finished ones only, and says how many are pending elsewhere. */
  pending?: number;
  /** Every project and agent of finished gates (what the filters offer). */
  projects?: string[];
  agents?: string[];
}

/**
 * /history: the finished gates (every persisted session within retention — paged, searchable, filterable; each opens
 * read-only), or with `?view=permissions` every permission request of the agents' hooks and who decided it.
 */
export function HistoryPage() {
  const [view, setView] = useState<'gates' | 'permissions'>(() => (new URLSearchParams(location.search).get('view') === 'permissions' ? 'permissions' : 'gates'));
  const show = (next: 'gates' | 'permissions') => {
    setView(next);
    history.replaceState(null, '', next === 'permissions' ? '/history?view=permissions' : '/history');
  };
  return (
    <section class="history" data-testid="history">
      <h1>{t('history.title')}</h1>
      <div class="row history-views" role="tablist">
        {(['gates', 'permissions'] as const).map((v) => (
          <button key={v} type="button" role="tab" aria-selected={view === v} class="filter" onClick={() => show(v)} data-testid={`history-view-${v}`}>
            {t(`history.${v}`)}
          </button>
        ))}
      </div>
      {view === 'gates' ? <GateHistory /> : <PermissionHistory />}
    </section>
  );
}

function GateHistory() {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [project, setProject] = useState('');
  const [agent, setAgent] = useState('');
  const [page, setPage] = useState(1);
  const { reply, error } = usePagedQuery<HistoryReply>('/api/history', { q, status, project, agent }, page, PAGE_SIZE);

  const pages = reply ? Math.max(1, Math.ceil(reply.total / PAGE_SIZE)) : 1;
  return (
    <>
      {reply && (
        <p class="muted" data-testid="history-scope">
          {reply.pending ? t('source.historyScope', { count: reply.pending }) : t('source.historyScopeNone')}
        </p>
      )}
      <div class="row history-filters">
        <input type="search" value={q} placeholder={t('history.search')} aria-label={t('history.search')} onInput={(e) => { setQ(e.currentTarget.value); setPage(1); }} data-testid="history-search" />
        <select value={status} aria-label={t('history.status')} onChange={(e) => { setStatus(e.currentTarget.value); setPage(1); }} data-testid="history-status">
          <option value="">{t('history.anyStatus')}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>{t(`common:status.${s}`)}</option>
          ))}
        </select>
        <HistorySourceFilters projects={reply?.projects ?? []} agents={reply?.agents ?? []} project={project} agent={agent} onProject={(v) => { setProject(v); setPage(1); }} onAgent={(v) => { setAgent(v); setPage(1); }} />
        {reply && <span class="muted">{t('history.total', { total: reply.total })}</span>}
      </div>
      {error && <p class="error" role="alert">{error}</p>}
      {reply && reply.items.length === 0 && <p class="muted">{t('history.empty')}</p>}
      <ul class="hlist" data-testid="history-list">
        {reply?.items.map((s) => (
          <li key={s.id} data-id={s.id}>
            <a href={`/choice/${encodeURIComponent(s.id)}`}>
              <span class="irow-title">{s.request.title}</span>
              {s.source && (
                <span class="irow-source" data-testid="history-source" title={s.source.project ?? undefined}>
                  {sourceLabel(s.source)}
                </span>
              )}
              {answerLine(s) && (
                <span class="irow-answer" data-testid="history-answer">
                  {answerLine(s)}
                </span>
              )}
              <span class="irow-meta">
                <span class={`badge badge-status status-${s.status}`}>{t(`common:status.${s.status}`)}</span>
                <span class="badge badge-iface">{t(`common:interface.${s.interface}`)}</span>
                <time dateTime={s.created_at}>{new Date(s.created_at).toLocaleString(intlLocale(i18n.language))}</time>
              </span>
            </a>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} onPage={setPage} />
    </>
  );
}

/** What was answered, on one line: the picks (and own words), per question for a gate with several. */
function answerLine(s: ChoiceSessionView): string {
  const result = s.result;
  if (!result) return '';
  if (s.request.questions && result.answers?.length) return answersSummary(s.request.questions, result.answers, '—');
  return [result.selected.map((o) => o.label).join(', '), result.free_text ?? ''].filter(Boolean).join(' + ');
}
