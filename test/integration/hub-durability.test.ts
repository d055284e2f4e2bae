import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../server/config/data-paths.js';
import { makeTempHome, startTestHub, testEnv } from '../support/test-hub.js';
import { startTestMcp } from '../support/mcp-client.js';

const now = Date.now();
const good = {
  id: 'ch_good', status: 'pending', interface: 'web', created_at: new Date(now).toISOString(), deadline_at: new Date(now + 600_000).toISOString(),
  ended_at: null, request: { prompt: 'kept', options: [{ id: 'a', label: 'A' }], timeout_seconds: 600 }, notices: [], draft: null, result: null,
};

describe('hub durability at start', () => {
  it('starts with a store.json holding junk records: serves the good ones, sets the bad aside and says so at /api/health', async () => {
    const home = await makeTempHome();
    const paths = dataPaths(home);
    await writeFile(paths.legacyStore, JSON.stringify({ version: 1, settings: {}, extras: {}, sessions: [good, null, 7, { id: 'x' }, { ...good, id: 'ch_nodeadline', deadline_at: undefined }] }));
    const hub = await startTestHub({ home });
    try {
      const { session } = await hub.client.request<{ session: { id: string; status: string } }>('GET', '/api/sessions/ch_good');
      expect(session.status).toBe('pending');
      const health = await hub.client.request<{ warnings: string[] }>('GET', '/api/health');
      expect(health.warnings).toHaveLength(1);
      expect(health.warnings[0]).toContain(`from ${paths.legacyStore}`);
      expect(health.warnings[0]).toMatch(/sessions\[1\].*sessions\[4\] deadline_at/);
      expect(await readFile(paths.log, 'utf8')).toContain('store.json held records that cannot be loaded');
    } finally {
      await hub.stop();
    }
  });

  it('a store path that cannot be used fails the start with the path and the fix, in the log and in the agent\'s error', async () => {
    const home = await makeTempHome();
    const paths = dataPaths(home);
    await mkdir(paths.legacyStore); // store.json is a directory
    const mcp = await startTestMcp(testEnv(home));
    try {
      const result = await mcp.raw('provide_choice', { prompt: 'p', options: [{ id: 'a', label: 'A' }], interface: 'web' });
      expect(result.isError).toBe(true);
      const text = result.content.map((c) => c.text).join('');
      expect(text).toContain(`${paths.legacyStore} is a directory, not a file — move it out of the way`);
      expect(text).toContain(paths.log);
      const log = await readFile(paths.log, 'utf8');
      expect(log).toContain('gatehouse hub could not start');
      expect(log).toContain(`${paths.legacyStore} is a directory`);
    } finally {
      await mcp.close();
      await rm(home, { recursive: true, force: true });
    }
  });
});
