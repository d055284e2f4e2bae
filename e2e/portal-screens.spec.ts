import { mkdirSync } from 'node:fs';
import { portalUrl } from '../server/hub/handoff.js';
import { expectNoKeyNames } from './support/i18n-keys.js';
import { createChoice, expect, openPortal, test } from './support/portal-fixture.js';

const SHOTS = '/tmp/gatehouse-shots';

/** Screenshots of every page kind in both languages and colour schemes, for people to look at. */
test('screenshots: root list, final state, history — en/zh × light/dark', async ({ page, hub }) => {
  mkdirSync(SHOTS, { recursive: true });
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
      await page.screenshot({ path: `${SHOTS}/root-${lang}-${scheme}.png` });
      await openPortal(page, done.url);
      await expect(page.getByTestId('final-state')).toBeVisible();
      await expectNoKeyNames(page);
      await page.screenshot({ path: `${SHOTS}/final-${lang}-${scheme}.png`, fullPage: true });
      await page.goto(`${hub.baseUrl}/history`);
      await expect(page.getByTestId('history-list').locator('li')).toHaveCount(2);
      await expectNoKeyNames(page);
      await page.screenshot({ path: `${SHOTS}/history-${lang}-${scheme}.png` });
    }
  }
});

test('screenshots: deadline form, selection error, cancel panel, terminal hand-off, inline fallback', async ({ page, hub, browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  const { url } = await createChoice(hub, { selection_mode: 'multi', min_selections: 2, max_selections: 2 });
  await page.setViewportSize({ width: 1200, height: 900 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await openPortal(page, url);
    await page.getByTestId('deadline-open').click();
    await page.getByTestId('submit').click();
    await expect(page.getByTestId('selection-error')).toBeVisible();
    await page.getByTestId('cancel').click();
    await expect(page.getByTestId('cancel-panel')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/states-${scheme}.png`, fullPage: true });
  }
  await page.getByTestId('to-terminal').click();
  await expect(page.getByTestId('terminal-command')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/terminal-handoff-dark.png` });
  // The inline fallback, as served without a bundle (rendered here from the same hub's HTML with scripts off).
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.route('**/assets/**', (route) => route.abort());
  await plain.goto(url);
  await plain.screenshot({ path: `${SHOTS}/no-script-page.png` });
  await context.close();
});
