import { portalUrl } from '../server/hub/handoff.js';
import { createChoice, expect, getSession, openPortal, test } from '../test/support/e2e/portal-fixture.js';
import { contrastOf } from '../test/support/e2e/contrast.js';

test.describe('accessibility', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`badges keep >= 4.5:1 contrast (${scheme})`, async ({ page, hub }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const done = await createChoice(hub, { title: 'Answered' });
      await hub.client.request('POST', `/api/sessions/${done.session.id}/submit`, { selected_ids: ['pg'] });
      const dropped = await createChoice(hub, { title: 'Dropped' });
      await hub.client.request('POST', `/api/sessions/${dropped.session.id}/cancel`, {});
      const { url } = await createChoice(hub);
      await openPortal(page, url);
      await page.getByRole('radio', { name: /PostgreSQL/ }).check(); // the recommended option on the selected background
      for (const selector of ['.conn-open', '.status-submitted', '.status-cancelled', '.status-pending', '.badge-rec', '.badge-iface']) {
        expect(await contrastOf(page, selector), selector).toBeGreaterThanOrEqual(4.5);
      }
    });
  }

  test('a choice page opens on the question; a skip link leads past the header and the list', async ({ page, hub }) => {
    for (let i = 0; i < 5; i++) await createChoice(hub, { title: `Other ${i}` });
    const { url } = await createChoice(hub, { title: 'The one to answer' });
    await openPortal(page, url);
    await expect(page.getByTestId('choice-title')).toBeFocused();
    await page.goto(portalUrl(hub.baseUrl, hub.token));
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('skip-link')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
  });

  test('number keys pick an option (not while typing a note); Ctrl+Enter submits', async ({ page, hub }) => {
    const { session, url } = await createChoice(hub);
    await openPortal(page, url);
    await page.keyboard.press('2');
    await expect(page.getByRole('radio', { name: /SQLite/ })).toBeChecked();
    await page.getByTestId('note-mongo').fill('');
    await page.getByTestId('note-mongo').press('3'); // typed into the note, not a pick
    await expect(page.getByTestId('note-mongo')).toHaveValue('3');
    await expect(page.getByRole('radio', { name: /SQLite/ })).toBeChecked();
    await page.getByTestId('global-note').fill('via keyboard');
    await page.getByTestId('global-note').press('Control+Enter');
    await expect(page.getByTestId('final-state')).toBeVisible();
    const result = (await getSession(hub, session.id)).result!;
    expect(result.selected.map((s) => s.id)).toEqual(['sqlite']);
    expect(result.global_annotation).toBe('via keyboard');
  });

  test('in a multi choice, number keys toggle options', async ({ page, hub }) => {
    const { url } = await createChoice(hub, { selection_mode: 'multi', max_selections: 3 });
    await openPortal(page, url);
    await page.keyboard.press('3');
    await page.keyboard.press('1');
    await expect(page.getByRole('checkbox', { name: /MongoDB/ })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /PostgreSQL/ })).not.toBeChecked(); // recommended, preselected: 1 toggled it off
    await page.keyboard.press('1');
    await expect(page.getByRole('checkbox', { name: /PostgreSQL/ })).toBeChecked();
  });
});
