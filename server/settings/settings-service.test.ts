import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataPaths } from '../config/data-paths.js';
import { Store } from '../store/store.js';
import { SettingsService } from './settings-service.js';

const log = { warn: () => undefined, info: () => undefined, error: () => undefined };
const homes: string[] = [];
afterEach(async () => {
  for (const dir of homes.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function openStore() {
  await mkdir('.tmp', { recursive: true });
  const dir = await mkdtemp(join('.tmp', 'settings-'));
  homes.push(dir);
  const paths = dataPaths(join(dir, 'data'));
  return { paths, store: await Store.open(paths, { retentionDays: 30, maxHistory: 100 }, log) };
}

describe('SettingsService', () => {
  it('keeps both of two changes made before the first one is on disk', async () => {
    const { paths, store } = await openStore();
    const service = new SettingsService(store, 'en');
    const [first, second] = await Promise.all([
      service.update({ submit_mode: 'single-submit' }),
      service.update({ notifications: { on_timeout: false } }),
    ]);
    expect(first.submit_mode).toBe('single-submit');
    expect(second).toMatchObject({ submit_mode: 'single-submit', notifications: { on_timeout: false } });
    const reopened = await Store.open(paths, { retentionDays: 30, maxHistory: 100 }, log);
    expect(reopened.settings).toMatchObject({ submit_mode: 'single-submit', notifications: { on_timeout: false } });
  });

  it('refuses a bad patch naming the field, and a later good one still applies', async () => {
    const { store } = await openStore();
    const service = new SettingsService(store, 'en');
    await expect(service.update({ default_timeout_seconds: 'soon' })).rejects.toThrow(/default_timeout_seconds/);
    await expect(service.update({ annotations_enabled: false })).resolves.toMatchObject({ annotations_enabled: false });
  });
});
