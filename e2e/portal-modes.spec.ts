import { createChoice, expect, getSession, openPortal, test } from '../test/support/e2e/portal-fixture.js';

test.describe('choice page: modes, bounds, notes, cancel, interface switch', () => {
  test('single-submit: picking an option submits at once', async ({ page, hub }) => {
    await hub.client.request('PUT', '/api/settings', { submit_mode: 'single-submit' });
    const { session, url } = await createChoice(hub);
    await openPortal(page, url);
    await page.getByRole('radio', { name: /MongoDB/ }).click();
    await expect(page.getByTestId('final-state')).toBeVisible();
    expect((await getSession(hub, session.id)).result).toMatchObject({ status: 'submitted', selected: [{ id: 'mongo', label: 'MongoDB' }] });
  });

  test('single-submit with the keyboard: arrow keys only move the choice, Enter submits it', async ({ page, hub }) => {
    await hub.client.request('PUT', '/api/settings', { submit_mode: 'single-submit' });
    const { session, url } = await createChoice(hub);
    await openPortal(page, url);
    const radios = page.getByRole('radio');
    await radios.first().focus();
    await page.keyboard.press('ArrowDown');
    await expect(radios.nth(1)).toBeChecked();
    expect((await getSession(hub, session.id)).status).toBe('pending');
    await expect(page.getByTestId('final-state')).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('final-state')).toBeVisible();
    const result = (await getSession(hub, session.id)).result!;
    expect(result.status).toBe('submitted');
    expect(result.selected.map((o) => o.id)).toEqual([session.request.options[1].id]);
  });

  test('multi: min/max_selections enforced with a clear message, then submitted', async ({ page, hub }) => {
    const { session, url } = await createChoice(hub, {
      selection_mode: 'multi',
      min_selections: 2,
      max_selections: 2,
      options: [
        { id: 'a', label: 'Alpha' },
        { id: 'b', label: 'Beta' },
        { id: 'c', label: 'Gamma' },
      ],
    });
    await openPortal(page, url);
    await expect(page.getByText('Choose 2 options.')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Alpha' }).check();
    await page.getByTestId('submit').click();
    await expect(page.getByTestId('selection-error')).toHaveText('Select at least 2 (you selected 1).');
    await page.getByRole('checkbox', { name: 'Beta' }).check();
    await page.getByRole('checkbox', { name: 'Gamma' }).check();
    await expect(page.getByTestId('selection-error')).toHaveText('Select at most 2 (you selected 3).');
    await page.getByTestId('submit').click();
    expect((await getSession(hub, session.id)).status).toBe('pending');
    await page.getByRole('checkbox', { name: 'Alpha' }).uncheck();
    await expect(page.getByTestId('selection-error')).toHaveCount(0);
    await page.getByTestId('submit').click();
    await expect(page.getByTestId('final-state')).toBeVisible();
    expect((await getSession(hub, session.id)).result?.selected.map((s) => s.id).sort()).toEqual(['b', 'c']);
  });

  test('annotations and placeholders can be switched off in settings (persisted by the hub)', async ({ page, hub }) => {
    const { url } = await createChoice(hub);
    await openPortal(page, url);
    await expect(page.getByTestId('note-pg')).toHaveAttribute('placeholder', 'Note on this option (optional)');
    await page.getByTestId('settings-toggle').click();
    await page.getByTestId('set-placeholders').uncheck();
    await expect(page.getByTestId('note-pg')).not.toHaveAttribute('placeholder', /./);
    await page.getByTestId('set-annotations').uncheck();
    await expect(page.getByTestId('note-pg')).toHaveCount(0);
    await expect(page.getByTestId('global-note')).toHaveCount(0);
    await expect.poll(async () => (await hub.client.request<{ settings: { annotations_enabled: boolean; placeholders_enabled: boolean } }>('GET', '/api/settings')).settings).toMatchObject({ annotations_enabled: false, placeholders_enabled: false });
  });

  test('cancel is always visible and asks for an optional note first', async ({ page, hub }) => {
    await hub.client.request('PUT', '/api/settings', { annotations_enabled: false });
    const { session, url } = await createChoice(hub);
    await openPortal(page, url);
    await page.getByTestId('cancel').click();
    await expect(page.getByTestId('cancel-panel')).toBeVisible();
    expect((await getSession(hub, session.id)).status).toBe('pending');
    await page.getByTestId('cancel-note').fill('wrong project');
    await page.getByTestId('cancel-confirm').click();
    await expect(page.getByTestId('choice-status')).toHaveText('Cancelled');
    await expect(page.getByTestId('final-note')).toHaveText('wrong project');
    expect((await getSession(hub, session.id)).result).toMatchObject({ status: 'cancelled', global_annotation: 'wrong project', selected: [] });
  });

  test('continue in terminal switches the interface and shows the command; continue here switches back', async ({ page, hub }) => {
    const { session, url, terminal_command } = await createChoice(hub);
    await openPortal(page, url);
    await page.getByTestId('to-terminal').click();
    await expect(page.getByTestId('terminal-command')).toHaveText(terminal_command);
    expect((await getSession(hub, session.id)).interface).toBe('terminal');
    await page.getByTestId('to-web').click();
    await expect(page.getByTestId('to-terminal')).toBeVisible();
    expect((await getSession(hub, session.id)).interface).toBe('web');
  });

  test('the prompt is Markdown rendered without raw HTML: no script, no handler runs', async ({ page, hub }) => {
    const { url } = await createChoice(hub, { prompt: '# Heading\n\n<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">\n\n[link](javascript:alert(1)) and `code`' });
    await openPortal(page, url);
    await expect(page.getByTestId('prompt').locator('h1')).toHaveText('Heading');
    await expect(page.getByTestId('prompt').locator('code')).toHaveText('code');
    await expect(page.getByTestId('prompt').locator('script, img, [onerror]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.getByTestId('prompt').locator('a').getAttribute('href')).toBeNull();
  });
});
