import { portalUrl } from '../server/hub/handoff.js';
import { expectNoKeyNames } from '../test/support/e2e/i18n-keys.js';
import { createChoice, expect, getSession, openPortal, test } from '../test/support/e2e/portal-fixture.js';
import { shotPath } from '../test/support/e2e/screenshots.js';

/**
 * Every page kind in both languages and colour schemes. The screenshots are for people to look at; they go
 * to test-results/screenshots/ (ignored, replaced on each run): `npx playwright test portal-screens`, then open them.
 */
test('screenshots: root list, final state, history — en/zh × light/dark', async ({ page, hub }) => {
  const shot = shotPath;
  await createChoice(hub, { title: 'Waiting in the terminal', interface: 'terminal' });
  const done = await createChoice(hub, { title: 'Which logging library?', selection_mode: 'multi' });
  await hub.client.request('POST', `/api/sessions/${done.session.id}/submit`, { selected_ids: ['pg', 'mongo'], annotations: { mongo: 'only for events' }, global_annotation: 'keep it simple' });
  const cancelled = await createChoice(hub, { title: 'Delete the old branch?' });
  await hub.client.request('POST', `/api/sessions/${cancelled.session.id}/cancel`, { global_annotation: 'not yet' });
  await page.setViewportSize({ width: 1200, height: 800 });
  for (const lang of ['en', 'zh'] as const) {
    await hub.client.request('PUT', '/api/settings', { language: lang });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(portalUrl(hub.baseUrl, hub.token));
      await expect(page.getByTestId('root-hint')).toBeVisible();
      await expectNoKeyNames(page);
      await page.screenshot({ path: shot(`root-${lang}-${scheme}.png`) });
      await openPortal(page, done.url);
      await expect(page.getByTestId('final-state')).toBeVisible();
      await expectNoKeyNames(page);
      await page.screenshot({ path: shot(`final-${lang}-${scheme}.png`), fullPage: true });
      await page.goto(`${hub.baseUrl}/history`);
      await expect(page.getByTestId('history-list').locator('li')).toHaveCount(2);
      await expectNoKeyNames(page);
      await page.screenshot({ path: shot(`history-${lang}-${scheme}.png`) });
    }
  }
});

test('deadline form, selection error, cancel panel, terminal hand-off: what a person must see', async ({ page, hub }) => {
  const { url, session } = await createChoice(hub, { selection_mode: 'multi', min_selections: 2, max_selections: 2 });
  await page.setViewportSize({ width: 1200, height: 900 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await openPortal(page, url);
    await page.getByTestId('deadline-open').click();
    await expect(page.getByTestId('deadline-form')).toBeVisible();
    await expect(page.getByTestId('deadline-minutes')).toBeEditable();
    await expect(page.getByTestId('deadline-form').getByRole('button', { name: 'Set' })).toBeVisible();
    // The recommended option is preselected (1 of the 2 required): submitting says what is missing and sends nothing.
    await page.getByTestId('submit').click();
    await expect(page.getByTestId('selection-error')).toHaveText('Select at least 2 (you selected 1).');
    expect((await getSession(hub, session.id)).status).toBe('pending');
    await page.getByTestId('cancel').click();
    await expect(page.getByTestId('cancel-panel')).toContainText('Cancel this interaction?');
    await expect(page.getByTestId('cancel-note')).toBeFocused();
    await expect(page.getByTestId('cancel-confirm')).toHaveText('Cancel interaction');
    await expect(page.getByRole('button', { name: 'Keep answering' })).toBeVisible();
    await page.screenshot({ path: shotPath(`states-${scheme}.png`), fullPage: true });
  }
  await page.getByRole('button', { name: 'Keep answering' }).click();
  await page.getByTestId('to-terminal').click();
  await expect(page.getByTestId('terminal-command')).toHaveText(new RegExp(` choose ${session.id}$`));
  expect(await getSession(hub, session.id)).toMatchObject({ status: 'pending', interface: 'terminal' });
  await page.screenshot({ path: shotPath('terminal-handoff-dark.png') });
});

test('with scripts off, the page still shows the question and answers it with a plain form', async ({ hub, browser }) => {
  const { url, session } = await createChoice(hub, { selection_mode: 'multi', min_selections: 2, max_selections: 2 });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.route('**/assets/**', (route) => route.abort());
  await plain.goto(url);
  await expect(plain.getByRole('heading', { name: 'Pick a database' })).toBeVisible();
  await expect(plain.getByRole('main')).toContainText('The repo has no database yet. Pick one.');
  const form = plain.getByTestId('fallback-form');
  await expect(form.getByRole('checkbox')).toHaveCount(3);
  // (Playwright's getByText does not look inside <noscript>, where this page lives: roles and text content do.)
  for (const label of ['PostgreSQL', 'SQLite', 'MongoDB']) await expect(form.getByRole('checkbox', { name: label })).toBeVisible();
  await expect(form.getByRole('checkbox').first()).toBeChecked(); // the recommended one
  await expect(form.getByRole('button', { name: 'Submit' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await plain.screenshot({ path: shotPath('no-script-page.png'), fullPage: true });
  // Too few picks: the hub's message is shown and nothing is lost.
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(plain.getByRole('alert')).toContainText('2');
  expect((await getSession(hub, session.id)).status).toBe('pending');
  await plain.getByTestId('fallback-form').getByRole('checkbox').nth(1).check();
  await plain.getByTestId('fallback-form').getByRole('button', { name: 'Submit' }).click();
  await expect(plain.getByTestId('fallback-final')).toBeVisible();
  await expect(plain.getByRole('main')).toContainText('Selected: PostgreSQL, SQLite');
  expect((await getSession(hub, session.id)).result).toMatchObject({ status: 'submitted', selected: [{ id: 'pg' }, { id: 'sqlite' }] });
  await context.close();
});
