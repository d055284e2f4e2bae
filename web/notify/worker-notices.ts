import { t } from '../config/i18n.js';
import type { NoticeStrings } from '../sw/gate-notification.js';
import type { PageMessage } from '../sw/notices.js';

/** The notification's words in the portal's language (the worker has no catalog of its own). */
function noticeStrings(): NoticeStrings {
  const keys: Array<keyof NoticeStrings> = ['yesOnce', 'no', 'open', 'highRisk', 'sent', 'failed', 'gone', 'hubDown'];
  // The placeholders stay for the worker to fill in.
  const kept = Object.fromEntries(['answer', 'who', 'why', 'reason'].map((name) => [name, `{{${name}}}`]));
  return Object.fromEntries(keys.map((k) => [k, t(`notify.card.${k}`, kept)])) as unknown as NoticeStrings;
}

/** Whether this browser shows gates' notifications through the portal's service worker (web/sw/). */
export const workerNotices = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

function post(message: PageMessage): void {
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
}

/** Asks the worker to show a new gate's notification (with its answer buttons); it fetches the gate itself. */
export const noticeGate = (id: string) => post({ type: 'gate', id, strings: noticeStrings() });

/** Tells the worker these gates ended (answered anywhere, withdrawn, timed out): their notifications close. */
export const noticesEnded = (ids: string[]) => ids.length > 0 && post({ type: 'ended', ids });
