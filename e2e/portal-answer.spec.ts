import { createChoice, expect, getSession, openPortal, test } from '../test/support/e2e/portal-fixture.js';

test.describe('choice page: answering', () => {
  test('batch mode: recommended preselected, notes, submit → final state read-only', async ({ page, hub }) => {
    const { session, url } = await createChoice(hub, { allow_free_text: true });
    await openPortal(page, url);
    await expect(page).toHaveURL(new RegExp(`/choice/${session.id}$`)); // token dropped from the address bar
    await expect(page.getByRole('heading', { name: 'Pick a database' })).toBeVisible();
    await expect(page.getByTestId('prompt').locator('strong')).toHaveText('Task:');
    const pg = page.getByRole('radio', { name: /PostgreSQL/ });
    await expect(pg).toBeChecked();
    await expect(page.locator('[data-option=pg] .badge-rec')).toHaveText('Recommended');
    await page.getByRole('radio', { name: /SQLite/ }).check();
    await page.getByTestId('note-sqlite').fill('small service');
    await page.getByTestId('global-note').fill('go ahead');
    await page.getByTestId('submit').click();
    await expect(page.getByTestId('final-state')).toBeVisible();
    await expect(page.getByTestId('final-selected')).toHaveText('SQLite');
    await expect(page.getByTestId('final-note')).toHaveText('go ahead');
    await expect(page.getByTestId('choice-status')).toHaveText('Submitted');
    const done = await getSession(hub, session.id);
    expect(done.result).toMatchObject({ status: 'submitted', selected: [{ id: 'sqlite' }], annotations: { sqlite: 'small service' }, global_annotation: 'go ahead', interface: 'web' });
    await page.reload();
    await expect(page.getByTestId('final-state')).toBeVisible();
    await expect(page.getByTestId('submit')).toHaveCount(0);
  });
});
