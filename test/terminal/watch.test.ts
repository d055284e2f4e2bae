import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { createSession, DB_QUESTION, endedSession } from '../support/sessions.js';
import { TuiDriver } from '../support/tui-driver.js';

let hub: TestHub;
const drivers: TuiDriver[] = [];
beforeAll(async () => {
  hub = await startTestHub();
});
afterAll(async () => {
  await Promise.all(drivers.map((d) => d.kill()));
  await hub?.stop();
});

describe('gatehouse watch (terminal inbox) and ask --interface terminal', () => {
  it('waits, opens each new question in turn, and stops on q', async () => {
    const tui = new TuiDriver(['watch'], hub.env);
    drivers.push(tui);
    await tui.waitFor('Nothing to answer right now');
    const first = await createSession(hub, { ...DB_QUESTION, title: 'First question' });
    const second = await createSession(hub, { ...DB_QUESTION, title: 'Second question' });
    await tui.waitFor('First question');
    tui.press('enter');
    expect((await endedSession(hub, first)).result!.selected[0]!.id).toBe('pg');
    await tui.waitFor('Second question');
    tui.press({ text: 'j' }, 'enter');
    expect((await endedSession(hub, second)).result!.selected[0]!.id).toBe('lite');
    await tui.waitFor('Last: Submitted: SQLite');
    tui.type('q');
    expect(await tui.exited).toBe(0);
    expect(tui.altScreen).toBe(false);
  });

  it('ask --interface terminal opens the UI in place and prints the JSON result', async () => {
    const tui = new TuiDriver(['ask', 'Ship it?', '-t', 'Release gate', '-o', 'yes=Ship', '-o', 'no=Hold', '--interface', 'terminal'], hub.env);
    drivers.push(tui);
    await tui.waitFor('Release gate');
    tui.press({ text: 'j' }, 'enter');
    expect(await tui.exited).toBe(0);
    await tui.waitFor(/"status": "submitted"/);
    expect(tui.text()).toContain('"id": "no"');
  });
});
