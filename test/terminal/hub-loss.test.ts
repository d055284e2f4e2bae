import { afterAll, describe, expect, it } from 'vitest';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { createSession } from '../support/sessions.js';
import { TuiDriver } from '../support/tui-driver.js';

let hub: TestHub;
let tui: TuiDriver | undefined;
afterAll(async () => {
  await tui?.kill();
  await hub?.stop();
});

describe('gatehouse choose when the hub goes away', () => {
  it('restores the terminal and says so (exit 5)', async () => {
    hub = await startTestHub();
    const id = await createSession(hub);
    tui = new TuiDriver(['choose', id], hub.env);
    await tui.waitFor('3. MongoDB');
    await hub.kill9();
    expect(await tui.exited).toBe(5);
    await tui.waitFor('Lost the connection to the gatehouse hub');
    expect(tui.altScreen).toBe(false);
  });
});
