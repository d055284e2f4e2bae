// The worker's notifications of gates: shown when a page tells it a gate is new (it fetches the gate itself, with the
// page's cookies), closed when a page tells it the gate ended. Every operation goes through serially().
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { gateNotice, gateTag, type GateNoticeData, type NoticeStrings } from './gate-notification.js';
import { serially } from './notification-queue.js';
import { worker } from './sw-scope.js';

/** What a page posts to the worker. */
export type PageMessage = { type: 'gate'; id: string; strings: NoticeStrings } | { type: 'ended'; ids: string[] };

/** What the worker posts to the portal's pages: a notification shown or replaced, or "open this page". */
export type WorkerMessage =
  | { type: 'notification-shown'; id: string; kind: GateNoticeData['kind'] }
  | { type: 'notifications-closed'; ids: string[] }
  | { type: 'open'; href: string };

export async function tellPages(message: WorkerMessage): Promise<void> {
  for (const page of await worker.clients.matchAll({ type: 'window', includeUncontrolled: true })) page.postMessage(message);
}

async function fetchGate(id: string): Promise<ChoiceSessionView | null> {
  const response = await fetch(`/api/sessions/${encodeURIComponent(id)}`, { credentials: 'same-origin' });
  if (!response.ok) return null;
  return ((await response.json()) as { session: ChoiceSessionView }).session;
}

/**
 * Shows a pending gate's notification once: a gate that has one already (another tab told, a reload) is left as it
 * is — replacing it would alert again.
 */
export async function showGate(id: string, strings: NoticeStrings): Promise<void> {
  const session = await fetchGate(id);
  if (!session || session.status !== 'pending') return;
  const notice = gateNotice(session, strings);
  const shown = await serially(async () => {
    if ((await worker.registration.getNotifications({ tag: notice.tag })).length > 0) return false;
    await worker.registration.showNotification(notice.title, { body: notice.body, tag: notice.tag, data: notice.data, actions: notice.actions, icon: '/icon.svg' });
    return true;
  });
  if (shown) await tellPages({ type: 'notification-shown', id, kind: 'gate' });
}

/** Closes the notifications of gates that ended (answered elsewhere, withdrawn, timed out); a confirmation stays. */
export function closeEnded(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return Promise.resolve();
  const tags = new Set(ids.map(gateTag));
  return serially(async () => {
    const closed: string[] = [];
    for (const n of await worker.registration.getNotifications()) if (tags.has(n.tag) && n.data?.kind === 'gate') (n.close(), closed.push(n.data.id));
    return closed;
  }).then((closed) => (closed.length > 0 ? tellPages({ type: 'notifications-closed', ids: closed }) : undefined));
}

/** Replaces a gate's notification by one saying what happened to its answer (no buttons, no second alert). */
export async function replaceNotice(data: GateNoticeData, text: string, kind: GateNoticeData['kind']): Promise<void> {
  await serially(() => worker.registration.showNotification(text, { body: data.who, tag: gateTag(data.id), data: { ...data, kind }, actions: [], silent: true, icon: '/icon.svg' }));
  await tellPages({ type: 'notification-shown', id: data.id, kind });
}

/** Closes a gate's notification (its page is being opened). */
export function closeNotice(id: string): Promise<void> {
  return serially(async () => {
    for (const n of await worker.registration.getNotifications({ tag: gateTag(id) })) n.close();
  });
}
