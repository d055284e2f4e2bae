import { expect, test } from '@playwright/test';
import { portalUrl } from '../server/hub/handoff.js';
import { startTestHub, type TestHub } from '../test/support/test-hub.js';
import { TelegramBotApiStandin } from '../test/support/telegram-bot-api-standin.js';
import { shotPath } from '../test/support/e2e/screenshots.js';

let standin: TelegramBotApiStandin;
let hub: TestHub;

test.beforeAll(async () => {
  standin = await TelegramBotApiStandin.start();
  await standin.down();
  hub = await startTestHub({
    env: { GATEHOUSE_TELEGRAM_TOKEN: standin.token, GATEHOUSE_TELEGRAM_CHAT_ID: String(standin.owner.chatId), GATEHOUSE_TELEGRAM_API_ROOT: standin.apiRoot },
  });
});
test.afterAll(async () => {
  await hub?.stop();
  await standin?.stop();
});

test('the portal header shows whether answering from Telegram works, and follows its recovery', async ({ page }) => {
  await page.goto(portalUrl(hub.baseUrl, hub.token));
  const chip = page.getByTestId('channel-telegram');
  await expect(chip).toHaveAttribute('data-state', 'down');
  await expect(chip).toHaveText('Telegram unreachable');
  await expect(chip).toHaveAttribute('title', /receiving fails, retrying/);
  await page.screenshot({ path: shotPath('telegram-indicator-down.png') });

  await standin.up();
  // The chip refreshes from /api/health every 10 s.
  await expect(chip).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
  await expect(chip).toHaveText('Telegram ✓');
  await page.screenshot({ path: shotPath('telegram-indicator-ok.png') });
  await page.close();
});

test('a portal without Telegram configured shows no chip', async ({ page }) => {
  const plain = await startTestHub();
  try {
    await page.goto(portalUrl(plain.baseUrl, plain.token));
    await expect(page.getByTestId('connection')).toHaveAttribute('class', /conn-open/);
    await expect(page.getByTestId('channel-telegram')).toHaveCount(0);
    await page.close();
  } finally {
    await plain.stop();
  }
});
