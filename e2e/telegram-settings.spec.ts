import { test, expect } from '@playwright/test';
import { stat } from 'node:fs/promises';
import { dataPaths } from '../server/config/data-paths.js';
import { portalUrl } from '../server/hub/handoff.js';
import { startTestHub, type TestHub } from '../test/support/test-hub.js';
import { TelegramBotApiStandin } from '../test/support/telegram-bot-api-standin.js';
import { expectNoKeyNames } from '../test/support/e2e/i18n-keys.js';

/**
 * Telegram set up in the portal's settings panel, in a real browser against a real hub whose Bot API is the local
 * stand-in: token (write-only) and chat id typed in, the channel connects and the next gate reaches the chat; which
 * gates are sent can be changed; a bad value is refused naming the field. The token never reaches the page.
 */
let standin: TelegramBotApiStandin;
let hub: TestHub;
test.beforeEach(async () => {
  standin = await TelegramBotApiStandin.start();
  hub = await startTestHub({ env: { GATEHOUSE_TELEGRAM_API_ROOT: standin.apiRoot } });
});
test.afterEach(async () => {
  await hub.stop();
  await standin.stop();
});

test('token and chat id typed in the settings turn Telegram on; the token never comes back to the page', async ({ page }) => {
  const served: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/')) void r.text().then((body) => served.push(body), () => undefined);
  });
  await page.goto(portalUrl(hub.baseUrl, hub.token));
  await page.getByTestId('settings-toggle').click();
  const panel = page.getByTestId('telegram-settings');
  await expect(panel.getByTestId('telegram-status')).toHaveAttribute('data-state', 'off');
  await expectNoKeyNames(page);

  await panel.getByTestId('telegram-chat-id').fill('my chat');
  await panel.getByTestId('telegram-save').click();
  await expect(panel.getByTestId('telegram-error')).toContainText('chat_id: must be a Telegram id');

  await panel.getByTestId('telegram-token').fill(standin.token);
  await panel.getByTestId('telegram-chat-id').fill(String(standin.owner.chatId));
  await panel.getByTestId('telegram-save').click();
  await expect(panel.getByTestId('telegram-saved')).toBeVisible();
  await expect(panel.getByTestId('telegram-error')).toHaveCount(0);
  await expect(panel.getByTestId('telegram-token')).toHaveValue('');
  await expect(panel.getByTestId('telegram-token')).toHaveAttribute('placeholder', /A token is set/);
  await expect(panel.getByTestId('telegram-status')).toHaveAttribute('data-state', 'ok');
  expect((await stat(dataPaths(hub.home).telegramSettings)).mode & 0o777).toBe(0o600);

  await hub.client.request('POST', '/api/sessions', { title: 'Asked after setting up', prompt: 'p', options: [{ id: 'a', label: 'A' }], interface: 'web', timeout_seconds: 600 });
  await standin.waitForMessage((m) => m.text.includes('Asked after setting up'));

  await panel.getByTestId('telegram-send-older-than').check();
  await panel.getByTestId('telegram-older-than').fill('30');
  await panel.getByTestId('telegram-save').click();
  await expect(panel.getByTestId('telegram-saved')).toBeVisible();
  const after = await hub.client.request<{ settings: Record<string, unknown> }>('GET', '/api/channels/telegram');
  expect(after.settings).toMatchObject({ token_set: true, chat_id: String(standin.owner.chatId), send: 'older-than', older_than_seconds: 30 });

  await page.reload();
  await page.getByTestId('settings-toggle').click();
  await expect(panel.getByTestId('telegram-send-older-than')).toBeChecked();
  await expect(panel.getByTestId('telegram-older-than')).toHaveValue('30');
  expect(served.length).toBeGreaterThan(0);
  for (const body of served) expect(body).not.toContain(standin.token);
  expect(await page.content()).not.toContain(standin.token);
});
