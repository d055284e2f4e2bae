import { expect, type Page } from '@playwright/test';
import enCommon from '../../../shared/i18n/en/common.js';
import enPortal from '../../../shared/i18n/en/portal.js';

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}
const ALL_KEYS = [...keys(enPortal), ...keys(enCommon)].filter((k) => k.includes('.'));

/** No i18n key name may show on the page (an untranslated string would). */
export async function expectNoKeyNames(page: Page): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(ALL_KEYS.filter((k) => text.includes(k))).toEqual([]);
}
