import { chmod, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../server/config/data-paths.js';
import { makeTempHome, startTestHub } from '../support/test-hub.js';

const request = { prompt: 'Pick', options: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }], interface: 'web', timeout_seconds: 600 };

async function modes(dir: string): Promise<Array<[string, string]>> {
  const found: Array<[string, string]> = [[dir, ((await stat(dir)).mode & 0o777).toString(8)]];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await modes(path)));
    else found.push([path, ((await stat(path)).mode & 0o777).toString(8)]);
  }
  return found;
}

describe('hub private files', () => {
  it('creates the data directory 0700 and every file in it 0600; the log never holds the credential', async () => {
    const parent = await makeTempHome();
    const home = join(parent, 'data'); // created by the hub
    const hub = await startTestHub({ home });
    try {
      const { session } = await hub.client.request<{ session: { id: string } }>('POST', '/api/sessions', request); // no browser here: the URL goes to the log
      await hub.client.request('PUT', '/api/settings', { language: 'zh' });
      await hub.client.request('POST', `/api/sessions/${session.id}/submit`, { selected_ids: ['a'] });
      const log = await readFile(dataPaths(home).log, 'utf8');
      expect(log).toContain('no browser can be opened here');
      expect(log).not.toContain(hub.token);
      const all = await modes(home);
      expect(all.filter(([, mode]) => mode !== '700' && mode !== '600')).toEqual([]);
      expect(all.filter(([path, mode]) => path !== home && !path.endsWith('/sessions') && mode === '700')).toEqual([]);
      expect(all.map(([path]) => path)).toContain(join(home, 'sessions', `${session.id}.json`));
    } finally {
      await hub.stop();
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('tightens a credential file (and a data directory) that other users can read, and says so in the log', async () => {
    const home = await makeTempHome();
    const paths = dataPaths(home);
    await chmod(home, 0o755);
    await writeFile(paths.credential, 'a-pre-existing-credential-of-enough-length', { mode: 0o644 });
    await chmod(paths.credential, 0o644);
    const hub = await startTestHub({ home });
    try {
      expect(hub.token).toBe('a-pre-existing-credential-of-enough-length');
      expect((await stat(paths.credential)).mode & 0o777).toBe(0o600);
      expect((await stat(home)).mode & 0o777).toBe(0o700);
      const log = await readFile(paths.log, 'utf8');
      expect(log).toContain(`${paths.credential} was readable by other users (mode 644); made it private (600)`);
      expect(log).toContain(`${home} was readable by other users (mode 755)`);
    } finally {
      await hub.stop();
    }
  });
});
