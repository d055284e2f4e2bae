import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../server/config/data-paths.js';
import { readHubState } from '../../server/discovery/hub-state-file.js';
import { sharedHub } from '../../server/hub-client/shared-hub.js';
import { makeTempHome, startTestHub, testEnv } from '../support/test-hub.js';

// gatehouse mcp loads the MCP SDK (a long synchronous compile) only once the hub's start is under way, so that the
// compile does not hold back the hub's spawn on a cold start (server/mcp/mcp-server.ts).
describe('sharedHub: the start is under way', () => {
  it('with no hub running: once this process has spawned one, before that hub answers; the hub then comes', async () => {
    const home = await makeTempHome();
    const failures: Error[] = [];
    const hub = sharedHub(testEnv(home), (err) => failures.push(err));
    await hub.startUnderWay;
    // A hub needs a Node start and its modules before it writes hub.json: spawned, not found.
    expect(existsSync(dataPaths(home).hubState)).toBe(false);
    const client = await hub();
    try {
      expect(await client.healthy()).toBe(true);
      expect(failures).toEqual([]);
    } finally {
      const state = await readHubState(dataPaths(home).hubState);
      if (state) process.kill(state.pid, 'SIGTERM');
    }
  });

  it('with a hub running: once it is found, and it is that hub', async () => {
    const running = await startTestHub();
    try {
      const hub = sharedHub(running.env, (err) => expect.fail(err.message));
      await hub.startUnderWay;
      expect((await hub()).baseUrl).toBe(running.baseUrl);
    } finally {
      await running.stop();
    }
  });

  it('when the hub cannot be started: once the attempt has failed, which the caller hears', async () => {
    const home = await makeTempHome();
    const file = join(home, 'not-a-folder');
    writeFileSync(file, 'a file where the data directory should be');
    const failures: Error[] = [];
    const hub = sharedHub(testEnv(file), (err) => failures.push(err));
    await hub.startUnderWay;
    await expect.poll(() => failures.length).toBe(1);
    expect(failures[0].message).toContain(file);
  });
});
