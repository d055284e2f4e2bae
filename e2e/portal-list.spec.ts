import { portalUrl } from '../server/hub/handoff.js';
import { createChoice, expect, getSession, openPortal, test } from '../test/support/e2e/portal-fixture.js';

const rows = (page: import('@playwright/test').Page) => page.getByTestId('interaction-list').locator('li[data-id]');

test.describe('interaction list', () => {
  test('filters active / completed without a reload and updates live', async ({ page, hub }) => {
    const a = await createChoice(hub, { title: 'Alpha question' });
    const b = await createChoice(hub, { title: 'Beta question' });
    await hub.client.request('POST', `/api/sessions/${b.session.id}/cancel`, {});
    await openPortal(page, a.url);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await expect(rows(page)).toHaveCount(2);
    await page.locator('[data-filter=active]').click();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAttribute('data-id', a.session.id);
    await expect(rows(page).first().getByTestId('status-badge')).toHaveText('Pending');
    await expect(rows(page).first().getByTestId('iface-badge')).toHaveText('Web');
    await page.locator('[data-filter=completed]').click();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first().getByTestId('status-badge')).toHaveText('Cancelled');
    await page.locator('[data-filter=all]').click();
    const c = await createChoice(hub, { title: 'Gamma question', interface: 'terminal' });
    await expect(page.locator(`li[data-id="${c.session.id}"]`)).toContainText('Gamma question');
    await expect(page.locator(`li[data-id="${c.session.id}"]`).getByTestId('iface-badge')).toHaveText('Terminal');
    await hub.client.request('POST', `/api/sessions/${c.session.id}/submit`, { selected_ids: ['pg'] });
    await expect(page.locator(`li[data-id="${c.session.id}"]`).getByTestId('status-badge')).toHaveText('Submitted');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1); // never reloaded
  });

  test('the list keeps only the five most recent completed ones', async ({ page, hub }) => {
    for (let i = 0; i < 7; i++) {
      const { session } = await createChoice(hub, { title: `Done ${i}` });
      await hub.client.request('POST', `/api/sessions/${session.id}/submit`, { selected_ids: ['pg'] });
    }
    await page.goto(portalUrl(hub.baseUrl, hub.token));
    await page.locator('[data-filter=completed]').click();
    await expect(rows(page)).toHaveCount(5);
    await expect(rows(page).first()).toContainText('Done 6');
  });

  test('two sessions stay isolated; each entry routes to its own page and countdown', async ({ context, hub }) => {
    const a = await createChoice(hub, { title: 'First agent', timeout_seconds: 300 });
    const b = await createChoice(hub, { title: 'Second agent', timeout_seconds: 600 });
    const pa = await context.newPage();
    const pb = await context.newPage();
    await openPortal(pa, a.url);
    await openPortal(pb, b.url);
    // Each page counts down from its own session's deadline (the hub's, not the other session's).
    await expect(pa.getByTestId('countdown')).toHaveAttribute('data-deadline', String(Date.parse(a.session.deadline_at)));
    await expect(pb.getByTestId('countdown')).toHaveAttribute('data-deadline', String(Date.parse(b.session.deadline_at)));
    await pa.getByRole('radio', { name: /SQLite/ }).check();
    await pa.getByTestId('submit').click();
    await expect(pa.getByTestId('final-state')).toBeVisible();
    await expect(pb.locator(`li[data-id="${a.session.id}"]`).getByTestId('status-badge')).toHaveText('Submitted');
    await expect(pb.getByTestId('choice-status')).toHaveText('Pending');
    await expect(pb.getByRole('radio', { name: /PostgreSQL/ })).toBeChecked();
    expect((await getSession(hub, b.session.id)).status).toBe('pending');
    await pa.locator(`li[data-id="${b.session.id}"] a`).click();
    await expect(pa).toHaveURL(new RegExp(`/choice/${b.session.id}$`));
    await expect(pa.getByRole('heading', { name: 'Second agent' })).toBeVisible();
    await expect(pa.getByTestId('countdown')).toHaveAttribute('data-deadline', String(Date.parse(b.session.deadline_at)));
  });

  test('with many pending, / shows the newest page and loads older rows on scroll; live rows keep their place', async ({ page, hub }) => {
    const ids: string[] = [];
    for (let i = 0; i < 120; i++) ids.push((await createChoice(hub, { title: `Pending ${i}` })).session.id);
    await page.goto(portalUrl(hub.baseUrl, hub.token));
    await expect(rows(page)).toHaveCount(50);
    await expect(rows(page).first()).toHaveAttribute('data-id', ids[119]);
    await expect(page.getByTestId('list-count')).toHaveText('50 of 120 active');
    await page.getByTestId('list-more').scrollIntoViewIfNeeded();
    await expect.poll(() => rows(page).count()).toBeGreaterThanOrEqual(100);
    // The end may still be in view after that page, and then the rest loads by itself (and the end goes): scroll
    // to it in the page, in one step, only if it is still there.
    await page.evaluate(() => document.querySelector('[data-testid=list-more]')?.scrollIntoView());
    await expect(rows(page)).toHaveCount(120);
    await expect(page.getByTestId('list-more')).toHaveCount(0);
    await expect(rows(page).last()).toHaveAttribute('data-id', ids[0]);
    const order = await rows(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-id')));
    expect(order).toEqual([...ids].reverse());
    // A new one appears on top; an answered one moves to the completed part.
    const fresh = await createChoice(hub, { title: 'Newest' });
    await expect(rows(page).first()).toHaveAttribute('data-id', fresh.session.id);
    await hub.client.request('POST', `/api/sessions/${ids[60]}/submit`, { selected_ids: ['pg'] });
    await expect(rows(page).last()).toHaveAttribute('data-id', ids[60]);
    await expect(rows(page).last().getByTestId('status-badge')).toHaveText('Submitted');
  });

  test('a closed tab is re-entered from / (the list alone)', async ({ page, hub }) => {
    const a = await createChoice(hub, { title: 'Still waiting' });
    await page.goto(portalUrl(hub.baseUrl, hub.token));
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('root-hint')).toBeVisible();
    await expect(page.getByTestId('answer-form')).toHaveCount(0);
    await page.locator(`li[data-id="${a.session.id}"] a`).click();
    await expect(page.getByRole('heading', { name: 'Still waiting' })).toBeVisible();
    await expect(page.getByTestId('answer-form')).toBeVisible();
  });

  test('a draft (selection and notes) survives a reload', async ({ page, hub }) => {
    const { session, url } = await createChoice(hub, { selection_mode: 'multi', allow_free_text: true });
    await openPortal(page, url);
    const saved = () => page.waitForResponse((r) => r.url().endsWith(`/api/sessions/${session.id}/draft`) && r.ok());
    await page.getByRole('checkbox', { name: /MongoDB/ }).check();
    await page.getByTestId('note-mongo').fill('try it on staging');
    await page.getByTestId('free-text').fill('or both');
    const wait = saved();
    await page.getByTestId('global-note').fill('draft note');
    await wait;
    await expect.poll(async () => (await getSession(hub, session.id)).draft?.global_annotation).toBe('draft note');
    await page.reload();
    await expect(page.getByRole('checkbox', { name: /MongoDB/ })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /PostgreSQL/ })).toBeChecked();
    await expect(page.getByTestId('note-mongo')).toHaveValue('try it on staging');
    await expect(page.getByTestId('free-text')).toHaveValue('or both');
    await expect(page.getByTestId('global-note')).toHaveValue('draft note');
  });
});

test.describe('persistence across a hub restart', () => {
  test('settings persist: annotations off and single-submit still apply after the hub restarts', async ({ page, hub }) => {
    const first = await createChoice(hub);
    await openPortal(page, first.url);
    await page.getByTestId('settings-toggle').click();
    await page.getByTestId('set-annotations').uncheck();
    await page.getByTestId('mode-single-submit').check();
    // Both changes are separate requests that may land in any order: wait for both before the crash.
    await expect
      .poll(async () => {
        const { settings } = await hub.client.request<{ settings: { submit_mode: string; annotations_enabled: boolean } }>('GET', '/api/settings');
        return [settings.submit_mode, settings.annotations_enabled];
      })
      .toEqual(['single-submit', false]);
    const again = await hub.restart();
    const { url } = await createChoice(again);
    await openPortal(page, url);
    await expect(page.getByTestId('note-pg')).toHaveCount(0);
    await page.getByTestId('settings-toggle').click();
    await expect(page.getByTestId('mode-single-submit')).toBeChecked();
    await expect(page.getByTestId('set-annotations')).not.toBeChecked();
  });

  test('history: paged, searchable, filterable, each opening read-only — after a restart', async ({ page, hub }) => {
    const answered = await createChoice(hub, { title: 'Deploy to staging?', prompt: 'Deploy the **payments** service now?' });
    await hub.client.request('POST', `/api/sessions/${answered.session.id}/submit`, { selected_ids: ['sqlite'], global_annotation: 'after lunch' });
    const cancelled = await createChoice(hub, { title: 'Drop the table?' });
    await hub.client.request('POST', `/api/sessions/${cancelled.session.id}/cancel`, { global_annotation: 'no' });
    for (let i = 0; i < 21; i++) {
      const { session } = await createChoice(hub, { title: `Filler ${i}` });
      await hub.client.request('POST', `/api/sessions/${session.id}/submit`, { selected_ids: ['pg'] });
    }
    const again = await hub.restart();
    await page.goto(`${again.baseUrl}/history?token=${again.token}`);
    const list = page.getByTestId('history-list').locator('li');
    await expect(list).toHaveCount(20);
    await page.getByTestId('history-next').click();
    await expect(list).toHaveCount(3);
    await page.getByTestId('history-search').fill('payments');
    await expect(list).toHaveCount(1);
    await expect(list.first()).toContainText('Deploy to staging?');
    await page.getByTestId('history-search').fill('');
    await page.getByTestId('history-status').selectOption('cancelled');
    await expect(list).toHaveCount(1);
    await expect(list.first()).toContainText('Drop the table?');
    await page.getByTestId('history-status').selectOption('');
    await page.getByTestId('history-search').fill('staging');
    await expect(list).toHaveCount(1);
    await expect(list.first()).toContainText('Deploy to staging?');
    await list.first().locator('a').click();
    await expect(page.getByTestId('final-state')).toBeVisible();
    await expect(page.getByTestId('final-selected')).toHaveText('SQLite');
    await expect(page.getByTestId('final-note')).toHaveText('after lunch');
    await expect(page.getByTestId('final-interface')).toHaveText('Web');
    await expect(page.getByTestId('answer-form')).toHaveCount(0);
  });
});

test.describe('task page mount', () => {
  test('/tasks/:id shows the orchestrator’s task page (its own chunk) inside the portal shell', async ({ page, hub }) => {
    await page.goto(`${hub.baseUrl}/tasks/no-such-task?token=${hub.token}`);
    await expect(page.getByTestId('interaction-list')).toBeVisible();
    await expect(page.getByTestId('task-page')).toBeVisible();
  });
});
