import { portalUrl } from '../server/hub/handoff.js';
import { createChoice, expect, getSession, openPortal, test } from '../test/support/e2e/portal-fixture.js';
import { expectNoKeyNames } from '../test/support/e2e/i18n-keys.js';

/**
 * The link an agent is handed (a capability for its gate only) in a real browser: the page shows that question
 * alone — no list, no history or settings — says how to open the whole portal, and answers the gate. A browser
 * that already holds the hub's credential sees the whole portal when it opens the same link.
 */
test.describe('gate link', () => {
  test('opens its question alone with the hint, answers it, and the list and other pages stay out of reach', async ({ page, hub }) => {
    const mine = await createChoice(hub);
    const other = await createChoice(hub, { title: 'Another agent asks something else' });
    await openPortal(page, mine.gate_url);
    await expect(page).toHaveURL(new RegExp(`/choice/${mine.session.id}$`)); // the capability left the address bar
    await expect(page.getByRole('heading', { name: 'Pick a database' })).toBeVisible();
    await expect(page.getByTestId('gate-link-hint')).toContainText('This link opens this one question only.');
    await expect(page.getByTestId('gate-link-hint')).toContainText('gatehouse open');
    await expect(page.getByTestId('interaction-list')).toHaveCount(0);
    await expect(page.getByTestId('settings-toggle')).toHaveCount(0);
    await expect(page.getByText('Another agent asks something else')).toHaveCount(0);

    // What this browser holds opens nothing else: the list's API answers 403 from the page's own origin.
    const listStatus = await page.evaluate(() => fetch('/api/interactions').then((r) => r.status));
    expect(listStatus).toBe(403);

    await page.getByRole('radio', { name: /SQLite/ }).check();
    await page.getByTestId('submit').click();
    await expect(page.getByTestId('final-state')).toBeVisible();
    await expect(page.getByTestId('final-selected')).toHaveText('SQLite');
    expect((await getSession(hub, mine.session.id)).result).toMatchObject({ status: 'submitted', selected: [{ id: 'sqlite' }], interface: 'web' });

    const root = await page.goto(`${hub.baseUrl}/`);
    expect(root?.status()).toBe(403);
    await expect(page.getByTestId('gate-link-refused')).toContainText('gatehouse open');

    // Another gate's page and the task routes are refused the same way; the other gate is left as it was.
    for (const path of [`/choice/${other.session.id}`, '/tasks/t_any']) {
      expect((await page.goto(`${hub.baseUrl}${path}`))?.status(), path).toBe(403);
      await expect(page.getByTestId('gate-link-refused')).toBeVisible();
      await expect(page.getByText('Another agent asks something else')).toHaveCount(0);
    }
    const apiStatuses = await page.evaluate(async (id) => Promise.all([`/api/sessions/${id}`, '/api/tasks'].map((p) => fetch(p).then((r) => r.status))), other.session.id);
    expect(apiStatuses).toEqual([403, 403]);
    expect((await getSession(hub, other.session.id)).status).toBe('pending');
  });

  test('says so in Chinese when the portal language is zh', async ({ page, hub }) => {
    await hub.client.request('PUT', '/api/settings', { language: 'zh' });
    const mine = await createChoice(hub);
    await openPortal(page, mine.gate_url);
    await expect(page.getByTestId('gate-link-hint')).toContainText('此链接只能打开这一个问题。');
    await expect(page.getByTestId('gate-link-hint')).toContainText('gatehouse open');
    await expectNoKeyNames(page);
    await page.goto(`${hub.baseUrl}/history`);
    await expect(page.getByTestId('gate-link-refused')).toContainText('此浏览器只持有单个问题的链接');
  });

  test('a browser that holds the hub\'s credential sees the whole portal from the same link', async ({ page, hub }) => {
    const mine = await createChoice(hub);
    const other = await createChoice(hub, { title: 'Another agent asks something else' });
    await openPortal(page, portalUrl(hub.baseUrl, hub.token));
    await openPortal(page, mine.gate_url);
    await expect(page.getByRole('heading', { name: 'Pick a database' })).toBeVisible();
    await expect(page.getByTestId('interaction-list')).toBeVisible();
    await expect(page.locator(`li[data-id="${other.session.id}"]`)).toBeVisible();
    await expect(page.getByTestId('gate-link-hint')).toHaveCount(0);
  });
});
