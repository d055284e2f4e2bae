import { mkdirSync } from 'node:fs';
import { expectNoKeyNames } from '../test/support/e2e/i18n-keys.js';
import { createChoice, expect, openPortal, test } from '../test/support/e2e/portal-fixture.js';
import { SHOTS_DIR } from '../test/support/e2e/screenshots.js';

const SHOTS = SHOTS_DIR; // test-results/screenshots/, not a fixed /tmp path

test.describe('language', () => {
  test('switching to 简体中文 updates the page at once and persists; screenshots in both languages and schemes', async ({ page, hub }) => {
    mkdirSync(SHOTS, { recursive: true });
    await createChoice(hub, { title: 'Earlier question', timeout_seconds: 10 * 60 });
    const { url } = await createChoice(hub, { selection_mode: 'multi', min_selections: 1, max_selections: 2, allow_free_text: true });
    await openPortal(page, url);
    await expect(page.getByTestId('submit')).toHaveText('Submit');
    await expectNoKeyNames(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SHOTS}/choice-en-${scheme}.png`, fullPage: true });
    }
    await page.getByTestId('settings-toggle').click();
    await page.getByTestId('set-language').selectOption('zh');
    await expect(page.getByTestId('submit')).toHaveText('提交');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expectNoKeyNames(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SHOTS}/choice-zh-settings-${scheme}.png`, fullPage: true });
    }
    await page.reload();
    await expect(page.getByTestId('submit')).toHaveText('提交');
    expect((await hub.client.request<{ settings: { language: string } }>('GET', '/api/settings')).settings.language).toBe('zh');
  });
});

test.describe('CHOICE_LANG=zh', () => {
  test.use({ hubEnv: { CHOICE_LANG: 'zh' } });
  test('sets the default language; the stored choice overrides it', async ({ page, hub }) => {
    const { url } = await createChoice(hub);
    await openPortal(page, url);
    await expect(page.getByTestId('submit')).toHaveText('提交');
    await expect(page.getByTestId('cancel')).toHaveText('取消');
    await expectNoKeyNames(page);
    await hub.client.request('PUT', '/api/settings', { language: 'en' });
    await expect(page.getByTestId('submit')).toHaveText('Submit');
  });
});

test.describe('CHOICE_LANG=fr (unsupported)', () => {
  test.use({ hubEnv: { CHOICE_LANG: 'fr' } });
  test('falls back to English', async ({ page, hub }) => {
    const { url } = await createChoice(hub);
    await openPortal(page, url);
    await expect(page.getByTestId('submit')).toHaveText('Submit');
  });
});
