import { describe, expect, it } from 'vitest';
import { createI18n, resources } from './index.js';

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

describe('i18n resources', () => {
  for (const ns of Object.keys(resources.en) as Array<keyof typeof resources.en>) {
    it(`en and zh have the same keys in namespace ${ns}`, () => {
      expect(keys(resources.zh[ns]).sort()).toEqual(keys(resources.en[ns]).sort());
    });
    it(`no empty strings in namespace ${ns}`, () => {
      for (const lang of ['en', 'zh'] as const) {
        const flat = keys(resources[lang][ns]);
        for (const key of flat) {
          const value = key.split('.').reduce<any>((o, k) => o?.[k], resources[lang][ns]);
          expect(typeof value === 'string' && value.trim().length > 0, `${lang}/${ns}:${key}`).toBe(true);
        }
      }
    });
  }
  it('translates into the chosen language', async () => {
    expect((await createI18n('zh')).t('status.cancelled')).toBe('已取消');
    expect((await createI18n('en')).t('remaining', { time: '0:42' })).toBe('0:42 left');
  });
});
