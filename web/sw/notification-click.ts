// A click on a gate's notification: an answer button sends that answer through the same route, credential cookie
// and Origin check as the page's, recorded as `notification`; the body (or "Open") opens the gate's page in the
// portal's one window. A failed answer says so and opens the page.
import { ANSWER_PREFIX, failedText, sentText, type GateNoticeData } from './gate-notification.js';
import { closeNotice, replaceNotice } from './notices.js';
import { worker, type NotificationClickEvent } from './sw-scope.js';

export function onNotificationClick(event: NotificationClickEvent): void {
  const data = event.notification.data;
  if (!data || (data.kind !== 'gate' && data.kind !== 'done')) return;
  if (data.kind === 'gate' && event.action.startsWith(ANSWER_PREFIX)) event.waitUntil(answer(data, event.action.slice(ANSWER_PREFIX.length)));
  else event.waitUntil(closeNotice(data.id).then(() => openPage(data.href)));
}

async function answer(data: GateNoticeData, optionId: string): Promise<void> {
  let failure: 'gone' | 'hub-down' | null = null;
  try {
    const response = await fetch(`/api/sessions/${encodeURIComponent(data.id)}/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ selected_ids: [optionId], interface: 'notification' }),
      credentials: 'same-origin',
    });
    if (!response.ok) failure = 'gone';
  } catch {
    failure = 'hub-down';
  }
  if (!failure) return replaceNotice(data, sentText(data, optionId), 'done');
  await replaceNotice(data, failedText(data, failure), 'done');
  await openPage(data.href);
}

/** Focuses the portal's window (the focused or visible one first) and shows `href` in it; opens one if there is none. */
async function openPage(href: string): Promise<void> {
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const portal = windows.find((w) => w.focused) ?? windows.find((w) => w.visibilityState === 'visible') ?? windows[0];
  if (!portal) {
    await worker.clients.openWindow(href);
    return;
  }
  const focused = await portal.focus().catch(() => portal);
  if (new URL(focused.url).pathname === href) return;
  // navigate() works on a page this worker controls; any other portal page is asked to go there itself.
  const moved = await focused.navigate(href).catch(() => null);
  if (!moved) focused.postMessage({ type: 'open', href });
}
