import type { Page } from '@playwright/test';
import { startTestHub } from '../test/support/test-hub.js';
import { freePort } from '../test/support/e2e/free-port.js';
import { spyOnNotifications } from '../test/support/e2e/notification-spy.js';
import { createChoice, expect, getSession, openPortal, test } from '../test/support/e2e/portal-fixture.js';

const shownRemaining = async (page: Page) => Number(await page.getByTestId('countdown').getAttribute('data-remaining-ms'));

test.describe('live countdown and deadline', () => {
  test('the countdown follows the hub’s deadline, not a timer of its own', async ({ page, hub }) => {
    const { session, url } = await createChoice(hub, { timeout_seconds: 120 });
    // The hub moves the deadline before the page opens: a page counting down timeout_seconds from its own load
    // would show ~120 s; one that follows the hub's deadline shows ≤ 90 s.
    await hub.client.request('POST', `/api/sessions/${session.id}/deadline`, { timeout_seconds: 90 });
    const deadline = Date.parse((await getSession(hub, session.id)).deadline_at);
    const before = Date.now();
    await openPortal(page, url);
    await expect(page.getByTestId('countdown')).toHaveAttribute('data-deadline', String(deadline));
    const [shown, after] = await page.evaluate(() => [Number(document.querySelector('[data-testid=countdown]')!.getAttribute('data-remaining-ms')), Date.now()]);
    // Time only moves on, so the shown value lies between the deadline seen from "after" and from "before"
    // (same machine, same clock; the margin covers the clock-offset estimate, not elapsed time).
    expect(shown).toBeLessThanOrEqual(deadline - before + 2000);
    expect(shown).toBeGreaterThanOrEqual(deadline - after - 2000);
    expect(shown).toBeLessThan(100_000);
  });

  test('a timeout changed in one tab shows in every open tab', async ({ context, hub }) => {
    const { session, url } = await createChoice(hub, { timeout_seconds: 600 });
    const a = await context.newPage();
    const b = await context.newPage();
    await openPortal(a, url);
    await openPortal(b, url);
    await a.getByTestId('deadline-open').click();
    await a.getByTestId('deadline-minutes').fill('2');
    await a.getByRole('button', { name: 'Set', exact: true }).click();
    await expect.poll(async () => (await getSession(hub, session.id)).remaining_ms).toBeLessThanOrEqual(120_000);
    const moved = (await getSession(hub, session.id)).deadline_at;
    for (const page of [a, b]) {
      // Each tab counts down from the hub's new deadline (pushed to the tabs that follow the session).
      await expect(page.getByTestId('countdown')).toHaveAttribute('data-deadline', String(Date.parse(moved)));
      // Far below the old 600 s; the 2 s margin covers the page's clock-offset estimate (it once read 120,031 ms).
      expect(await shownRemaining(page)).toBeLessThanOrEqual(122_000);
      await expect(page.getByTestId('countdown')).toContainText(/^\d+:\d\d left$/);
    }
  });

  test('timeout and auto-submit end states are shown read-only', async ({ context, hub }) => {
    const plain = await createChoice(hub, { title: 'Times out', timeout_seconds: 10 });
    const auto = await createChoice(hub, { title: 'Auto', timeout_seconds: 10, timeout_action: 'submit_recommended' });
    const a = await context.newPage();
    const b = await context.newPage();
    await openPortal(a, plain.url);
    await openPortal(b, auto.url);
    await expect(a.getByTestId('choice-status')).toHaveText('Timed out', { timeout: 20_000 });
    await expect(a.getByTestId('final-selected')).toHaveText('nothing');
    await expect(b.getByTestId('choice-status')).toHaveText('Auto-submitted', { timeout: 20_000 });
    await expect(b.getByTestId('final-selected')).toHaveText('PostgreSQL');
    await expect(a.getByTestId('submit')).toHaveCount(0);
  });

  test('reconnects by itself after the hub restarts (same port) and picks up changes', async ({ page }) => {
    const port = await freePort();
    let hub = await startTestHub({ env: { GATEHOUSE_PORT: String(port) } });
    try {
      const { session, url } = await createChoice(hub, { timeout_seconds: 600 });
      await openPortal(page, url);
      await hub.kill9();
      await expect(page.getByTestId('connection')).toHaveAttribute('class', /conn-closed/);
      hub = await hub.restart();
      await expect(page.getByTestId('connection')).toHaveAttribute('class', /conn-open/, { timeout: 15_000 });
      await hub.client.request('POST', `/api/sessions/${session.id}/deadline`, { timeout_seconds: 60 });
      await expect.poll(() => shownRemaining(page)).toBeLessThanOrEqual(60_000);
      await page.getByTestId('submit').click();
      await expect(page.getByTestId('final-state')).toBeVisible();

      // A session that ends while the page is cut off shows its end once the page is back.
      const other = await createChoice(hub, { title: 'Ends while away' });
      await openPortal(page, other.url);
      await hub.kill9();
      await expect(page.getByTestId('connection')).toHaveAttribute('class', /conn-closed/);
      hub = await hub.restart();
      await hub.client.request('POST', `/api/sessions/${other.session.id}/cancel`, { global_annotation: 'answered elsewhere' });
      await expect(page.getByTestId('choice-status')).toHaveText('Cancelled', { timeout: 15_000 });
    } finally {
      await hub.stop();
    }
  });
});

test.describe('notifications', () => {
  test('while the tab is hidden: new interaction (from the service worker), < 10 s left, timed out', async ({ context, page, hub }) => {
    await spyOnNotifications(context, hub.baseUrl);
    const { url } = await createChoice(hub, { title: 'Soon over', timeout_seconds: 12 });
    await openPortal(page, url);
    await expect(page.getByTestId('notify-prompt')).toHaveCount(0); // permission already granted: nothing to ask
    await page.evaluate(() => (window as unknown as { __setHidden(h: boolean): void }).__setHidden(true));
    await page.evaluate(() => {
      const w = window as unknown as { __shown: string[] };
      w.__shown = [];
      navigator.serviceWorker.addEventListener('message', (e) => e.data?.type === 'notification-shown' && w.__shown.push(e.data.id));
    });
    const another = await createChoice(hub, { title: 'Another question' });
    // A new gate is the service worker's notification (with its answer buttons, e2e/portal-notifications.spec.ts).
    await page.waitForFunction((id) => (window as unknown as { __shown: string[] }).__shown.includes(id), another.session.id);
    const shown = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title));
    expect(shown).toEqual(['Another question']);
    const titles = () => page.evaluate(() => (window as unknown as { __notes: Array<{ title: string }> }).__notes.map((n) => n.title));
    await expect.poll(titles, { timeout: 15_000 }).toContainEqual(expect.stringMatching(/^\d+ s left to answer$/));
    await expect.poll(titles, { timeout: 15_000 }).toContain('Time is up');
  });

  test('nothing is shown while the tab is visible, and the permission is asked politely', async ({ page, hub }) => {
    const { url } = await createChoice(hub);
    await openPortal(page, url);
    await expect(page.getByTestId('notify-prompt')).toBeVisible();
    await page.getByRole('button', { name: 'Not now' }).click();
    await expect(page.getByTestId('notify-prompt')).toHaveCount(0);
  });
});
