import { createChoice, expect, getSession, openPortal, test } from '../test/support/e2e/portal-fixture.js';
import { TuiDriver } from '../test/support/tui-driver.js';

test.describe('switching one question between the browser and the terminal', () => {
  test('web → terminal → web keeps selections and notes; the session id keeps working', async ({ page, hub }) => {
    const { session, url } = await createChoice(hub);
    await openPortal(page, url);
    await page.getByRole('radio', { name: /SQLite/ }).check();
    await page.getByTestId('note-sqlite').fill('from the browser');
    await expect.poll(async () => (await getSession(hub, session.id)).draft?.annotations.sqlite).toBe('from the browser');
    await page.getByTestId('to-terminal').click();
    await expect(page.getByTestId('terminal-moved')).toBeVisible();

    const tui = new TuiDriver(['choose', session.id], hub.env);
    try {
      await tui.waitFor('3. MongoDB');
      expect(tui.line('SQLite')).toContain('(•) 2. SQLite');
      await tui.waitFor('✎ from the browser');
      tui.press({ text: 'j' }, 'space', 'tab');
      tui.type('from the terminal');
      tui.press('enter');
      await tui.waitFor('✎ from the terminal');
      tui.type('s');
      await tui.waitFor('Continue this question in the web portal');
      for (let i = 0; i < 7; i++) tui.type('j');
      tui.press('enter');
      expect(await tui.exited).toBe(0);
    } finally {
      await tui.kill();
    }

    await expect(page.getByTestId('to-terminal')).toBeVisible();
    await expect(page.getByRole('radio', { name: /MongoDB/ })).toBeChecked();
    await expect(page.getByTestId('note-mongo')).toHaveValue('from the terminal');
    await expect(page.getByTestId('note-sqlite')).toHaveValue('from the browser');
    await page.getByTestId('submit').click();
    await expect(page.getByTestId('final-state')).toBeVisible();
    const done = await getSession(hub, session.id);
    expect(done.result).toMatchObject({ status: 'submitted', session_id: session.id, selected: [{ id: 'mongo' }], annotations: { mongo: 'from the terminal', sqlite: 'from the browser' }, interface: 'web' });
  });
});
