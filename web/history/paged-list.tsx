import { useEffect, useState } from 'preact/hooks';
import { t } from '../config/i18n.js';
import { api } from '../state/api.js';

/** One page of a paged history route (GET `path`?page=&page_size=&…), fetched 150 ms after the filters settle. */
export function usePagedQuery<T extends { total: number }>(path: string, filters: Record<string, string>, page: number, pageSize: number): { reply: T | null; error: string | null } {
  const [reply, setReply] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(filters);
  useEffect(() => {
    const params = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
    for (const [name, value] of Object.entries(filters)) if (value.trim()) params.set(name, value.trim());
    let live = true;
    const timer = setTimeout(() => {
      api<T>('GET', `${path}?${params}`)
        .then((r) => live && setReply(r))
        .catch((err: Error) => live && setError(t('error.generic', { message: err.message })));
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [path, key, page, pageSize]);
  return { reply, error };
}

/** Previous / page n of m / Next, shown when there is more than one page. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav class="row pager">
      <button type="button" class="btn btn-quiet" disabled={page <= 1} onClick={() => onPage(page - 1)}>{t('history.prev')}</button>
      <span>{t('history.page', { page, pages })}</span>
      <button type="button" class="btn btn-quiet" disabled={page >= pages} onClick={() => onPage(page + 1)} data-testid="history-next">{t('history.next')}</button>
    </nav>
  );
}
