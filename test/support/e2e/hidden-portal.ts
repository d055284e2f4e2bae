import { expect, type BrowserContext, type Page, type Worker } from '@playwright/test';
import type { RaisedBash } from './raise-bash.js';
import { portalUrl } from '../../../server/hub/handoff.js';
import type { TestHub } from '../test-hub.js';

/** A notification as the page reads it back with registration.getNotifications(). */
export interface ReadNotification {
  title: string;
  body: string;
  tag: string;
  actions: Array<{ action: string; title: string }>;
  data: { kind: string; id: string } | null;
}

export interface HiddenPortal {
  context: BrowserContext;
  /** The person's portal (with the credential), hidden (as the page sees it) behind `front`. */
  portal: Page;
  /** The tab in front of it. */
  front: Page;
  worker: Worker;
  /** Resolves once the worker tells the portal that a notification of gate `id` (of `kind`) was shown. */
  shown(id: string, kind?: 'gate' | 'done'): Promise<void>;
  /** When (Date.now() in the page) the portal heard that gate `id`'s notification was shown; null if not yet. */
  shownAt(id: string): Promise<number | null>;
  /** Resolves once the worker tells the portal that it closed the notification of gate `id`. */
  closed(id: string): Promise<void>;
  /** The worker's notifications, read once (never while one is being shown: call after shown/closed). */
  notifications(): Promise<ReadNotification[]>;
  /** Dispatches a click on gate `id`'s notification in the worker as Chromium does (action '' is the body). */
  click(id: string, action: string): Promise<void>;
}

/**
 * How the portal's tab becomes hidden. `override`: Playwright's `chromium.launch()` turns focus emulation on, so every
 * page stays `visible` (a tab in front, a minimised window, a frozen page — issue 32's notes); the page's
 * document.visibilityState is overridden as test/support/e2e/notification-spy.ts does. `behind`: really hidden, by the
 * tab brought to the front — only in a Chromium whose default context Playwright leaves alone
 * (test/support/e2e/cdp-chromium.ts); it waits until the portal's page says `hidden`.
 */
export type Hiding = 'override' | 'behind';

/**
 * The person's portal (with the credential) in a tab that is hidden (as `hiding` says), another tab in front of it;
 * notifications granted through the browser context; the portal's service worker up and in control of the portal
 * before this returns. Hidden as the page sees it (document.visibilityState) is what decides whether a gate is notified.
 */
export async function openHiddenPortal(hub: TestHub, context: BrowserContext, hiding: Hiding = 'override'): Promise<HiddenPortal> {
  await context.grantPermissions(['notifications'], { origin: hub.baseUrl });
  if (hiding === 'override') await context.addInitScript(() => {
    let hidden = false;
    Object.defineProperty(document, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { get: () => hidden });
    (window as unknown as { __setHidden(h: boolean): void }).__setHidden = (h: boolean) => {
      hidden = h;
      document.dispatchEvent(new Event('visibilitychange'));
    };
  });
  const portal = await context.newPage();
  // This hub's worker: a context that outlives a test (cdp-chromium.ts) may hold other hubs' workers too.
  const ours = (w: Worker) => w.url().startsWith(`${hub.baseUrl}/`);
  const workerSeen = context.waitForEvent('serviceworker', { predicate: ours });
  workerSeen.catch(() => undefined); // not needed when the worker was there already
  await portal.goto(portalUrl(hub.baseUrl, hub.token));
  await portal.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
  const worker = context.serviceWorkers().find(ours) ?? (await workerSeen);
  await portal.evaluate(() => {
    const w = window as unknown as { __workerSaid: unknown[] };
    w.__workerSaid = [];
    // With the page's clock (the same machine's as the test's): when each message came.
    navigator.serviceWorker.addEventListener('message', (e) => w.__workerSaid.push({ ...e.data, at: Date.now() }));
  });
  await portal.locator('.conn-open').waitFor();
  const front = await context.newPage();
  await front.bringToFront();
  if (hiding === 'override') await portal.evaluate(() => (window as unknown as { __setHidden(h: boolean): void }).__setHidden(true));
  // Interval polling, as below: a hidden page draws no frames.
  else
    await portal.waitForFunction(() => document.visibilityState === 'hidden', undefined, { polling: 100, timeout: 30_000 }).catch((err: Error) => {
      throw new Error(`the portal's tab stayed visible behind another tab (focus emulation on? see cdp-chromium.ts): ${err.message}`);
    });
  // Interval polling: a hidden page draws no frames, so the default (requestAnimationFrame) polling would never run.
  const said = (test: string, arg: unknown) => portal.waitForFunction(new Function('arg', `return window.__workerSaid.some((m) => ${test})`) as (arg: unknown) => boolean, arg, { polling: 100, timeout: 30_000 }).then(() => undefined);
  return {
      context,
      portal,
      front,
      worker,
      shown: (id, kind = 'gate') => said(`m.type === 'notification-shown' && m.id === arg.id && m.kind === arg.kind`, { id, kind }),
    shownAt: (id) => portal.evaluate((gate) => (window as unknown as { __workerSaid: Array<{ type: string; id?: string; at: number }> }).__workerSaid.find((m) => m.type === 'notification-shown' && m.id === gate)?.at ?? null, id),
    closed: (id) => said(`m.type === 'notifications-closed' && m.ids.includes(arg.id)`, { id }),
      notifications: () =>
        portal.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            actions: ((n as unknown as { actions?: Array<{ action: string; title: string }> }).actions ?? []).map((a) => ({ action: a.action, title: a.title })),
            data: n.data as ReadNotification['data'],
          })),
        ),
      click: (id, action) =>
        worker.evaluate(
          async ({ tag, action }) => {
            const scope = self as unknown as { registration: { getNotifications(f: { tag: string }): Promise<Notification[]> }; dispatchEvent(e: Event): boolean };
            const [notification] = await scope.registration.getNotifications({ tag });
            if (!notification) throw new Error(`no notification tagged ${tag}`);
            const Click = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event }).NotificationEvent;
            const event = new Click('notificationclick', { notification, action });
            // A script-made event throws on waitUntil: collect the promises instead and wait for them.
            const waits: Array<Promise<unknown>> = [];
            Object.defineProperty(event, 'waitUntil', { value: (p: Promise<unknown>) => waits.push(p) });
            scope.dispatchEvent(event);
            await Promise.all(waits);
          },
          { tag: `gate:${id}`, action },
        ),
    };
}

/**
 * Taps "Yes, once" on the gate's notification: the hook's answer is allow by the person through the notification,
 * the gate records that interface, and a confirmation replaces the notification. Returns the notifications then shown.
 */
export async function yesFromNotification(hidden: HiddenPortal, hub: TestHub, { id, decided }: RaisedBash): Promise<ReadNotification[]> {
  await hidden.click(id, 'answer:yes');
  const answer = await decided;
  expect(answer.decision).toBe('allow');
  expect(answer.decided_by).toMatchObject({ kind: 'person', via: 'notification', option: 'yes' });
  const { session } = await hub.client.request<{ session: { result?: { interface?: string } } }>('GET', `/api/sessions/${id}`);
  expect(session.result?.interface).toBe('notification');
  await hidden.shown(id, 'done');
  return hidden.notifications();
}
