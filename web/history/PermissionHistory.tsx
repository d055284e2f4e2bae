import { useState } from 'preact/hooks';
import { DECIDED_BY_KINDS } from '../../shared/choice/decided-by.js';
import type { PermissionRecord } from '../../server/policy/permission-log.js';
import { projectName } from '../../shared/choice/gate-source.js';
import { i18n, t } from '../config/i18n.js';
import { intlLocale } from '../list/relative-age.js';
import { Pager, usePagedQuery } from './paged-list.js';

const PAGE_SIZE = 20;

/** One record of GET /api/permissions: the permission log's record (server/policy/permission-log.ts). */
type PermissionRow = Pick<PermissionRecord, 'id' | 'time' | 'agent' | 'project' | 'tool' | 'detail' | 'decision' | 'decided_by' | 'gate' | 'ms' | 'task'>;

interface PermissionsReply {
  items: PermissionRow[];
  total: number;
  by_decided_by: Record<string, number>;
  agents: string[];
  projects: string[];
}

/**
 * History's permission requests: every request of the agents' hooks, however decided (a rule or a session grant makes
 * no gate, so only this list shows those), filtered by who decided, searchable; a row with a gate opens it.
 */
export function PermissionHistory() {
  const [q, setQ] = useState('');
  const [decidedBy, setDecidedBy] = useState('');
  const [page, setPage] = useState(1);
  const { reply, error } = usePagedQuery<PermissionsReply>('/api/permissions', { q, decided_by: decidedBy }, page, PAGE_SIZE);

  const pages = reply ? Math.max(1, Math.ceil(reply.total / PAGE_SIZE)) : 1;
  return (
    <>
      <p class="muted">{t('history.permissionsScope')}</p>
      <div class="row history-filters">
        <input type="search" value={q} placeholder={t('history.search')} aria-label={t('history.search')} onInput={(e) => { setQ(e.currentTarget.value); setPage(1); }} data-testid="permissions-search" />
        <select value={decidedBy} aria-label={t('history.decidedBy')} onChange={(e) => { setDecidedBy(e.currentTarget.value); setPage(1); }} data-testid="permissions-decided-by">
          <option value="">{t('history.anyDecider')}</option>
          {DECIDED_BY_KINDS.map((k) => (
            <option key={k} value={k}>{`${t(`history.decider.${k}`)}${reply?.by_decided_by[k] ? ` (${reply.by_decided_by[k]})` : ''}`}</option>
          ))}
        </select>
        {reply && <span class="muted">{t('history.total', { total: reply.total })}</span>}
      </div>
      {error && <p class="error" role="alert">{error}</p>}
      {reply && reply.items.length === 0 && <p class="muted">{t('history.permissionsEmpty')}</p>}
      <ul class="hlist" data-testid="permissions-list">
        {reply?.items.map((r) => (
          <li key={r.id} data-id={r.id} data-decided-by={r.decided_by.kind} data-decision={r.decision}>
            <div class="hrow">
              <span class="irow-title">
                {r.agent} · {r.tool}: <code>{r.detail}</code>
              </span>
              <span class="irow-source" title={r.project}>
                {[projectName(r.project), r.task ? t('history.inTask', { task: r.task }) : null].filter(Boolean).join(' · ')}
              </span>
              <span class="irow-answer" data-testid="permission-decided-by">
                {t(`history.decision.${r.decision}`)} — {r.decided_by.text}
              </span>
              <span class="irow-meta">
                <span class={`badge badge-status status-${r.decision}`}>{t(`history.decider.${r.decided_by.kind}`)}</span>
                {r.gate && <a class="hrow-gate" href={`/choice/${encodeURIComponent(r.gate)}`}>{t('history.openGate')}</a>}
                <time dateTime={r.time}>{new Date(r.time).toLocaleString(intlLocale(i18n.language))}</time>
              </span>
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} onPage={setPage} />
    </>
  );
}
