import { mkdirSync } from 'node:fs';
import { portalUrl } from '../server/hub/handoff.js';
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
      await page.screenshot({ path: `${SHOTS}/root-${lang}-${scheme}.png` });
      await openPortal(page, done.url);
      await expect(page.getByTestId('final-state')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/final-${lang}-${scheme}.png`, fullPage: true });
      await page.goto(`${hub.baseUrl}/history`);
      await expect(page.getByTestId('history-list').locator('li')).toHaveCount(2);
      await page.screenshot({ path: `${SHOTS}/history-${lang}-${scheme}.png` });
    }
  }
});
