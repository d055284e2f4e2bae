import { useEffect, useRef, useState } from 'preact/hooks';
import type { InteractionSummary } from '../../shared/interactions.js';
import { api } from '../state/api.js';
import type { AppStore } from '../state/app-store.js';
import { appendPage, nextCursor } from './list-rows.js';

interface Page {
  interactions: InteractionSummary[];
  next_cursor: string | null;
  active_total: number;
}

/**
 * Loads the next page of older active rows when the returned element scrolls into view (or its button is pressed).
 * One request at a time; the page is merged with what is loaded (live deltas keep both parts current).
 */
export function useMoreRows(store: AppStore, enabled: boolean) {
  const [loading, setLoading] = useState(false);
  const sentinel = useRef<HTMLLIElement>(null);
  const busy = useRef(false);

  const loadMore = async () => {
    if (busy.current) return;
    busy.current = true;
    setLoading(true);
    try {
      const state = store.state;
      const cursor = nextCursor({ rows: state.interactions, activeTotal: state.activeTotal });
      const page = await api<Page>('GET', `/api/interactions?filter=active${cursor ? `&cursor=${encodeURIComponent(cursor)}` : '&limit=50'}`);
      store.update((s) => {
        const next = appendPage({ rows: s.interactions, activeTotal: s.activeTotal }, page.interactions, page.active_total);
        return { interactions: next.rows, activeTotal: next.activeTotal };
      });
    } catch {
      /* the button stays; the person can try again */
    } finally {
      busy.current = false;
      setLoading(false);
    }
  };

  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void loadMore();
    }, { rootMargin: '200px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, loading]);

  return { sentinel, loading, loadMore };
}
