import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Store } from './store.js';
import { DEFAULT_SETTINGS } from '../../shared/settings.js';

const policy = { retentionDays: 30, maxHistory: 100 };
const warnings: unknown[] = [];
const log = { warn: (...args: unknown[]) => void warnings.push(args) };

describe('Store', () => {
  it('writes sessions and settings to disk and reads them back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gh-store-'));
    const file = join(dir, 'store.json');
    const store = await Store.open(file, policy, log);
    await store.saveSettings({ ...DEFAULT_SETTINGS, language: 'zh' });
    await store.saveSession({ id: 's1', status: 'pending' } as never);
    const onDisk = JSON.parse(await readFile(file, 'utf8'));
    expect(onDisk.settings.language).toBe('zh');
    expect(onDisk.sessions.map((s: { id: string }) => s.id)).toEqual(['s1']);
    const reopened = await Store.open(file, policy, log);
    expect(reopened.settings.language).toBe('zh');
    expect(reopened.sessions.map((s) => s.id)).toEqual(['s1']);
  });

  it('moves a corrupt store file aside with a warning and starts empty', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gh-store-'));
    const file = join(dir, 'store.json');
    await writeFile(file, '{"sessions": [ truncated');
    warnings.length = 0;
    const store = await Store.open(file, policy, log);
    expect(store.sessions).toEqual([]);
    expect(warnings).toHaveLength(1);
    const files = await readdir(dir);
    const aside = files.find((f) => f.startsWith('store.json.corrupt-'));
    expect(aside).toBeDefined();
    expect(await readFile(join(dir, aside!), 'utf8')).toBe('{"sessions": [ truncated');
  });

  it('replaces invalid stored settings with defaults instead of failing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gh-store-'));
    const file = join(dir, 'store.json');
    await writeFile(file, JSON.stringify({ version: 1, sessions: [], extras: {}, settings: { language: 'klingon' } }));
    const store = await Store.open(file, policy, log);
    expect(store.settings).toEqual(DEFAULT_SETTINGS);
  });
});
