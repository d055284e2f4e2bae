import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataPaths } from '../server/config/data-paths.js';
import { createChoice, expect, getSession, openPortal, test } from '../test/support/e2e/portal-fixture.js';

/** chattr +i works here (root on ext4/xfs). */
function canMakeImmutable(): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-chattr-'));
  const ok = spawnSync('chattr', ['+i', dir]).status === 0;
  if (ok) spawnSync('chattr', ['-i', dir]);
  rmSync(dir, { recursive: true, force: true });
  return ok;
}

test.describe('choice page: a hub that cannot save', () => {
  test.skip(!canMakeImmutable(), 'chattr +i does not work here');

  test('submitting while sessions/ is immutable shows the path, the cause and the fix; the choice stays open and goes through once fixed', async ({ page, hub }) => {
    const sessions = dataPaths(hub.home).sessions;
    const { session, url } = await createChoice(hub);
    await openPortal(page, url);
    expect(spawnSync('chattr', ['+i', sessions]).status).toBe(0);
    try {
      await page.getByTestId('submit').click();
      const alert = page.getByRole('alert').filter({ hasText: sessions });
      await expect(alert).toContainText('probably immutable');
      await expect(alert).toContainText(`chattr -i "${sessions}"`);
      await expect(alert).not.toContainText('internal error');
      await expect(page.getByTestId('submit')).toBeEnabled();
      expect((await getSession(hub, session.id)).status).toBe('pending');
    } finally {
      spawnSync('chattr', ['-i', sessions]);
    }
    await page.getByTestId('submit').click();
    await expect(page.getByTestId('final-state')).toBeVisible();
    expect((await getSession(hub, session.id)).status).toBe('submitted');
  });
});
