// The portal's settings say which permission policy is in force and its errors with file, line and column: an entry
// left out (every other rule holds), or a file that does not parse (its last valid version's deny rules still deny,
// everything else comes to you).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { portalUrl } from '../server/hub/handoff.js';
import { expect, openPortal, test } from '../test/support/e2e/portal-fixture.js';
import { expectNoKeyNames } from '../test/support/e2e/i18n-keys.js';
import { shotPath } from '../test/support/e2e/screenshots.js';

test('settings: the policy file, its rules and on_timeout; an entry left out, and a file that does not parse', async ({ page, hub }) => {
  const file = join(hub.home, 'policy.yaml');
  writeFileSync(file, 'on_timeout: deny\nallow:\n  - Bash(npm test)\n  - Read(src/**)\n');
  await openPortal(page, portalUrl(hub.baseUrl, hub.token));
  await page.getByTestId('settings-toggle').click();
  const status = page.getByTestId('policy-status');
  await expect(status).toContainText(file);
  await expect(status).toContainText('rules: 2');
  await expect(status).toContainText('when nobody answers: deny');
  await expect(status.getByTestId('policy-errors')).toHaveCount(0);
  await expectNoKeyNames(page);

  writeFileSync(file, 'allow:\n  - Bash(npm test\ndeny:\n  - Bash(rm:*)\n');
  await page.reload();
  await page.getByTestId('settings-toggle').click();
  const errors = page.getByTestId('policy-status').getByTestId('policy-errors');
  await expect(errors).toContainText('These entries are left out (every other rule holds) until fixed');
  await expect(errors).toContainText(`${file}:2:`);
  await expect(page.getByTestId('policy-status')).toContainText('rules: 1');
  await page.screenshot({ path: shotPath('policy-status-skipped.png'), fullPage: true });

  writeFileSync(file, 'deny:\n  - Bash(rm:*)\n allow: [\n');
  await page.reload();
  await page.getByTestId('settings-toggle').click();
  await expect(errors).toContainText('the deny rules of its last valid version');
  await expect(errors).toContainText(`${file}:3:`);
  await page.screenshot({ path: shotPath('policy-status-broken.png'), fullPage: true });
});
