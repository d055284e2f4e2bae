import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataPaths } from '../config/data-paths.js';
import { DEFAULT_SETTINGS } from '../../shared/settings.js';
import type { StoredSession } from '../sessions/stored-session.js';
import { Store } from './store.js';

const policy = { retentionDays: 30, maxHistory: 100 };
const warnings: unknown[][] = [];
const log = { warn: (...args: unknown[]) => void warnings.push(args), info: () => undefined, error: () => undefined };
const homes: string[] = [];

async function home() {
  await mkdir('.tmp', { recursive: true });
  const dir = await mkdtemp(join('.tmp', 'store-'));
  homes.push(dir);
  warnings.length = 0;
  return dataPaths(join(dir, 'data'));
}
afterEach(async () => {
  for (const dir of homes.splice(0)) await rm(dir, { recursive: true, force: true });
});

const now = Date.now();
function session(id: string, status: StoredSession['status'] = 'pending', endedAgoMs = 0): StoredSession {
  return {
    id, status, interface: 'web', created_at: new Date(now - endedAgoMs - 1000).toISOString(), deadline_at: new Date(now + 600_000).toISOString(),
    ended_at: status === 'pending' ? null : new Date(now - endedAgoMs).toISOString(),
    request: { prompt: 'p', options: [{ id: 'a', label: 'A' }] } as never, notices: [], draft: null,
    result: status === 'pending' ? null : ({ status } as never),
  };
}
const ids = (list: StoredSession[]) => list.map((s) => s.id).sort();

describe('Store', () => {
  it('writes each session and the settings to their own files (0600 in a 0700 folder) and reads them back', async () => {
    const paths = await home();
    const store = await Store.open(paths, policy, log);
    await store.saveSettings({ ...DEFAULT_SETTINGS, language: 'zh' });
    await store.saveSession(session('s1'));
    await store.saveSession({ ...session('s1', 'submitted') });
    expect(JSON.parse(await readFile(join(paths.sessions, 's1.json'), 'utf8')).status).toBe('submitted');
    for (const dir of [paths.dir, paths.sessions]) expect((await stat(dir)).mode & 0o777).toBe(0o700);
    for (const file of [paths.settings, join(paths.sessions, 's1.json')]) expect((await stat(file)).mode & 0o777).toBe(0o600);
    const reopened = await Store.open(paths, policy, log);
    expect(reopened.settings.language).toBe('zh');
    expect(ids(reopened.takeLoadedSessions())).toEqual(['s1']);
    expect(await readdir(paths.sessions)).toEqual(['s1.json']); // no temp files left
  });

  it('migrates a store.json of an earlier version, keeping good records and setting junk ones aside', async () => {
    const paths = await home();
    await mkdir(paths.dir, { recursive: true });
    const pendingWithoutDeadline = { ...session('p2'), deadline_at: undefined };
    const pendingWithoutRequest = { ...session('p3'), request: undefined };
    const legacy = { version: 1, settings: { ...DEFAULT_SETTINGS, language: 'zh' }, extras: {}, sessions: [session('good1'), null, 42, { id: 'x' }, pendingWithoutDeadline, pendingWithoutRequest, session('good2', 'cancelled')] };
    await writeFile(paths.legacyStore, JSON.stringify(legacy));
    const store = await Store.open(paths, policy, log);
    expect(ids(store.takeLoadedSessions())).toEqual(['good1', 'good2']);
    expect(store.settings.language).toBe('zh');
    expect(store.setAside).toHaveLength(1);
    expect(store.setAside[0].from).toBe(paths.legacyStore);
    expect(store.setAside[0].problem).toMatch(/sessions\[1\].*sessions\[4\] deadline_at.*sessions\[5\] request/);
    const kept = JSON.parse(await readFile(store.setAside[0].kept, 'utf8'));
    expect(kept.from).toBe(paths.legacyStore);
    expect(kept.records.map((r: { index: number }) => r.index)).toEqual([1, 2, 3, 4, 5]);
    expect(warnings.length).toBeGreaterThan(0);
    const names = await readdir(paths.dir);
    expect(names).not.toContain('store.json');
    const migrated = names.find((n) => n.startsWith('store.json.migrated-'))!;
    expect(JSON.parse(await readFile(join(paths.dir, migrated), 'utf8'))).toEqual(legacy); // the original, untouched
    expect(ids((await Store.open(paths, policy, log)).takeLoadedSessions())).toEqual(['good1', 'good2']);
  });

  it('sets a corrupt store.json aside whole and starts empty', async () => {
    const paths = await home();
    await mkdir(paths.dir, { recursive: true });
    await writeFile(paths.legacyStore, '{"sessions": [ truncated');
    const store = await Store.open(paths, policy, log);
    expect(store.takeLoadedSessions()).toEqual([]);
    expect(await readFile(store.setAside[0].kept, 'utf8')).toBe('{"sessions": [ truncated');
  });

  it('sets aside a session file that is junk or not a valid session, and loads the others', async () => {
    const paths = await home();
    const first = await Store.open(paths, policy, log);
    await first.saveSession(session('ok'));
    await writeFile(join(paths.sessions, 'bad.json'), 'null');
    await writeFile(join(paths.sessions, 'cut.json'), '{"id":');
    // Valid JSON that is not a session: a pending one without its request, an object without a status.
    await writeFile(join(paths.sessions, 'no-request.json'), JSON.stringify({ ...session('p1'), request: undefined }));
    await writeFile(join(paths.sessions, 'no-status.json'), JSON.stringify({ id: 'p2' }));
    const store = await Store.open(paths, policy, log);
    expect(ids(store.takeLoadedSessions())).toEqual(['ok']);
    expect(store.setAside.map((n) => n.from).sort()).toEqual(['bad.json', 'cut.json', 'no-request.json', 'no-status.json'].map((n) => join(paths.sessions, n)));
    expect(store.setAside.find((n) => n.from.endsWith('no-request.json'))!.problem).toMatch(/request/);
    expect(await readdir(paths.setAside)).toHaveLength(4);
  });

  it('a failed write changes nothing on disk, and a later good write does not carry it along', async () => {
    const paths = await home();
    const store = await Store.open(paths, policy, log);
    await rm(paths.sessions, { recursive: true });
    await writeFile(paths.sessions, 'not a folder'); // every write into it now fails, even for root
    await expect(store.saveSession(session('refused'))).rejects.toThrow();
    await rm(paths.sessions);
    await mkdir(paths.sessions);
    await store.saveSession(session('accepted'));
    expect(await readdir(paths.sessions)).toEqual(['accepted.json']);
  });

  it('drops completed sessions beyond the history limit, files included, and never pending ones', async () => {
    const paths = await home();
    const store = await Store.open(paths, { retentionDays: 30, maxHistory: 2 }, log);
    await store.saveSession(session('p'));
    for (const [id, ago] of [['old', 3000], ['mid', 2000]] as const) expect(await store.saveSession(session(id, 'submitted', ago))).toEqual([]);
    expect(await store.saveSession(session('new', 'submitted', 1000))).toEqual(['old']);
    await expect.poll(async () => (await readdir(paths.sessions)).sort()).toEqual(['mid.json', 'new.json', 'p.json']);
  });

  it('replaces invalid stored settings with defaults instead of failing', async () => {
    const paths = await home();
    await mkdir(paths.dir, { recursive: true });
    await writeFile(paths.settings, JSON.stringify({ language: 'klingon' }));
    expect((await Store.open(paths, policy, log)).settings).toEqual(DEFAULT_SETTINGS);
  });

  it('refuses to open when store.json is a directory, naming the path and the fix', async () => {
    const paths = await home();
    await mkdir(paths.legacyStore, { recursive: true });
    await expect(Store.open(paths, policy, log)).rejects.toThrow(`${paths.legacyStore} is a directory, not a file — move it out of the way`);
  });
});
