import { test, expect } from '@playwright/test';
import { stat } from 'node:fs/promises';
import { dataPaths } from '../server/config/data-paths.js';
import { portalUrl } from '../server/hub/handoff.js';
import { startTestHub, type TestHub } from '../test/support/test-hub.js';
import { NtfyStandin } from '../test/support/ntfy-standin.js';
import { expectNoKeyNames } from '../test/support/e2e/i18n-keys.js';

/**
 * ntfy set up in the portal's settings panel, in a real browser against a real hub and the local ntfy stand-in:
 * server, topics and access token typed in, the channel connects (its chip in the header says so), "send a test"
 * reaches the topic and the next gate arrives with its buttons; a bad value is refused naming the field.
 */
let standin: NtfyStandin;
let hub: TestHub;
test.beforeEach(async () => {
  standin = await NtfyStandin.start();
  hub = await startTestHub();
});
test.afterEach(async () => {
  await hub.stop();
  await standin.stop();
});

test('server, topics and token typed in the settings turn ntfy on; "send a test" reaches the topic; the token never comes back', async ({ page }) => {
  const served: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/')) void r.text().then((body) => served.push(body), () => undefined);
  });
  await page.goto(portalUrl(hub.baseUrl, hub.token));
  await page.getByTestId('settings-toggle').click();
  const panel = page.getByTestId('ntfy-settings');
  await expect(panel.getByTestId('ntfy-status')).toHaveAttribute('data-state', 'off');
  await expect(panel.getByTestId('ntfy-test')).toBeDisabled();
  await expectNoKeyNames(page);

  await panel.getByTestId('ntfy-server_url').fill(standin.url);
  await panel.getByTestId('ntfy-topic').fill('my gates');
  await panel.getByTestId('ntfy-save').click();
  await expect(panel.getByTestId('ntfy-error')).toContainText('topic: must be 1–64 letters, digits, - or _');

  await panel.getByTestId('ntfy-topic').fill('gates-e2e');
  await panel.getByTestId('ntfy-save').click();
  await expect(panel.getByTestId('ntfy-status')).toHaveAttribute('data-state', 'invalid');
  await expect(panel.getByTestId('ntfy-status')).toContainText('reply_topic: is required');

  await panel.getByTestId('ntfy-reply_topic').fill('gate-answers-e2e');
  await panel.getByTestId('ntfy-token').fill(standin.token!);
  await panel.getByTestId('ntfy-save').click();
  await expect(panel.getByTestId('ntfy-token')).toHaveAttribute('placeholder', /A token is set/);
  await expect(panel.getByTestId('ntfy-status')).toHaveAttribute('data-state', 'ok');
  expect((await stat(dataPaths(hub.home).ntfySettings)).mode & 0o777).toBe(0o600);

  await panel.getByTestId('ntfy-test').click();
  await expect(panel.getByTestId('ntfy-note')).toContainText(`Sent to ${standin.url}/gates-e2e`);
  expect(standin.published.find((m) => m.title === 'gatehouse: test')?.topic).toBe('gates-e2e');
  await panel.screenshot({ path: 'test-results/ntfy-settings.png' });

  await hub.client.request('POST', '/api/sessions', { title: 'Asked after setting up ntfy', prompt: 'p', options: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }], interface: 'web', timeout_seconds: 600 });
  const message = await standin.waitFor((m) => m.title === 'Asked after setting up ntfy');
  expect(message.actions?.map((a) => a.label)).toEqual(['A', 'B']);

  await page.reload();
  await expect(page.getByTestId('channel-ntfy')).toHaveAttribute('data-state', 'ok');
  for (const body of served) expect(body).not.toContain(standin.token!);
  expect(await page.content()).not.toContain(standin.token!);
});
