import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { portalUrl } from '../server/hub/handoff.js';
import { startTestMcp } from '../test/support/mcp-client.js';
import { pairRemote } from '../test/support/paired-remote.js';
import { expect, openPortal, test } from '../test/support/e2e/portal-fixture.js';
import { expectNoKeyNames } from '../test/support/e2e/i18n-keys.js';

// A gate from a paired machine (its own data dir, only the connect string) shows the machine with its source in the
// list and on its page; the settings panel lists the machine's key: state, when made, last used and from where.
test('a paired machine: its gate is labelled with the machine in the list and on the page; settings list its key', async ({ page, hub }) => {
  const remote = await pairRemote(hub, 'devbox');
  const project = join(remote.home, 'api-server');
  await mkdir(project);
  const mcp = await startTestMcp(remote.env, {}, { name: 'claude-code', version: '2.1', cwd: project });
  try {
    const { session_id } = await mcp.call<{ session_id: string }>('provide_choice', { prompt: 'Which queue?', options: [{ id: 'sqs', label: 'SQS' }, { id: 'redis', label: 'Redis' }], interface: 'web', timeout_seconds: 600 });
    await openPortal(page, portalUrl(hub.baseUrl, hub.token));
    await expect(page.getByTestId('channel-paired')).toHaveAttribute('data-state', 'ok');
    await expect(page.getByTestId('channel-paired')).toHaveAttribute('title', 'devbox (127.0.0.1)');
    const row = page.getByTestId('interaction-list').locator(`li[data-id="${session_id}"]`);
    await expect(row.getByTestId('row-source')).toHaveText('claude-code 2.1 · api-server · devbox');
    await row.click();
    await expect(page.getByTestId('choice-source')).toContainText('claude-code 2.1 · api-server · devbox');

    await page.getByTestId('settings-toggle').click();
    const paired = page.getByTestId('paired-machines');
    await expect(paired.getByTestId('paired-key')).toHaveCount(1);
    const cells = paired.getByTestId('paired-key').locator('td');
    await expect(cells.nth(0)).toHaveText('devbox');
    await expect(cells.nth(1)).toHaveText('live');
    await expect(cells.nth(5)).toHaveText('127.0.0.1');
    await expectNoKeyNames(page);

    // Revoked from the portal (after a confirm): at once, and the machine's next call is refused naming the key.
    page.once('dialog', (dialog) => void dialog.accept());
    await paired.getByTestId('paired-revoke').click();
    await expect(cells.nth(1)).toHaveText('revoked');
    await expect(paired.getByTestId('paired-revoke')).toHaveCount(0);
    const refused = await mcp.call<{ session_id: string }>('provide_choice', { prompt: 'Again?', options: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }], interface: 'web', timeout_seconds: 60 }).then(() => null, (err: Error) => err.message);
    expect(refused).toContain('devbox');
  } finally {
    await mcp.close();
    await remote.dispose();
  }
});
