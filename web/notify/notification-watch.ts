import { t } from '../config/i18n.js';
import type { HubSocket } from '../live/hub-socket.js';
import { newActiveIds } from '../list/list-filter.js';
import type { AppStore } from '../state/app-store.js';
import type { InteractionSummary } from '../../shared/interactions.js';
import { notifyIfHidden } from './notifier.js';
import { noticeGate, noticesEnded, workerNotices } from './worker-notices.js';

const SOON_MS = 10_000;

/**
 * Watches the live state and notifies (while the tab is hidden, as the settings allow): a new interaction,
 * a pending one with < 10 s left, one that timed out or was auto-submitted. Each event once per interaction.
 * A new choice gate is the service worker's notification, with its answer buttons (web/sw/), where the browser has
 * service workers; its notification closes once the gate ends, however it ended.
 */
export function watchNotifications(store: AppStore, socket: HubSocket, since: InteractionSummary[] = store.state.interactions): void {
  const warned = new Set<string>();
  const ended = new Set<string>();
  // `since`: the rows the page started with — what changed before this module loaded is news too.
  let previous = since;
  for (const row of previous) if (!row.active) ended.add(row.id);
  const viaWorker = workerNotices();
  // A gate that ended while no page watched may still have its notification.
  if (viaWorker) noticesEnded(previous.filter((r) => r.kind === 'choice' && !r.active).map((r) => r.id));

  const check = (state: AppStore['state']) => {
    const prefs = state.settings.notifications;
    if (state.interactions !== previous) {
      const rows = state.interactions;
      if (prefs.enabled && prefs.on_new) {
        const fresh = new Set(newActiveIds(previous, rows));
        // A task that was running and now waits for a person is news too (web/tasks notifies on its own page).
        for (const row of rows) if (row.active && row.waiting_on === 'person' && previous.some((p) => p.id === row.id && p.waiting_on !== 'person')) fresh.add(row.id);
        for (const id of fresh) {
          const row = rows.find((r) => r.id === id)!;
          if (viaWorker && row.kind === 'choice') {
            if (document.visibilityState === 'hidden') noticeGate(id);
            continue;
          }
          notifyIfHidden(t('notify.newTitle'), row.title, `new:${id}`, row.href);
        }
      }
      const endedNow: string[] = [];
      for (const row of rows) {
        if (row.active || ended.has(row.id)) continue;
        ended.add(row.id);
        if (row.kind === 'choice') endedNow.push(row.id);
        const timedOut = row.status === 'timeout' || row.status === 'auto-submitted';
        if (timedOut && prefs.enabled && prefs.on_timeout) {
          notifyIfHidden(t(row.status === 'timeout' ? 'notify.timedOutTitle' : 'notify.autoTitle'), row.title, `end:${row.id}`, row.href);
        }
      }
      if (viaWorker) noticesEnded(endedNow);
      previous = rows;
    }
  };
  store.subscribe(check);
  check(store.state);

  setInterval(() => {
    const state = store.state;
    const prefs = state.settings.notifications;
    if (!prefs.enabled || !prefs.on_timeout) return;
    const now = socket.clock.serverNow(Date.now());
    // Deadlines travel in the rows (and in the followed sessions, which are newer when both exist).
    const deadlines = new Map<string, { deadline: number; title: string; href: string }>();
    for (const row of state.interactions) if (row.active && row.deadline_at) deadlines.set(row.id, { deadline: Date.parse(row.deadline_at), title: row.title, href: row.href });
    for (const s of Object.values(state.sessions)) {
      if (s.status === 'pending') deadlines.set(s.id, { deadline: Date.parse(s.deadline_at), title: s.request.title, href: `/choice/${encodeURIComponent(s.id)}` });
      else deadlines.delete(s.id);
    }
    for (const [id, { deadline, title, href }] of deadlines) {
      const left = deadline - now;
      if (left > SOON_MS || left <= 0 || warned.has(id)) continue;
      if (notifyIfHidden(t('notify.soonTitle', { seconds: Math.ceil(left / 1000) }), title, `soon:${id}`, href)) warned.add(id);
    }
  }, 500);
}
