import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { createSession, endedSession, getSession } from '../support/sessions.js';
import { KEY, TuiDriver } from '../support/tui-driver.js';

let hub: TestHub;
const drivers: TuiDriver[] = [];
beforeAll(async () => {
  hub = await startTestHub();
});
afterEach(async () => {
  await Promise.all(drivers.splice(0).map((d) => d.kill()));
});
afterAll(async () => {
  await hub?.stop();
});

const THREE_QUESTIONS = {
  title: 'Set up the orders service',
  prompt: 'Three decisions before I scaffold it.',
  questions: [
    { question: 'Which database should it use?', header: 'Database', options: [{ id: 'pg', label: 'PostgreSQL', recommended: true }, { id: 'lite', label: 'SQLite' }] },
    { question: 'Which extras should it start with?', header: 'Extras', multi_select: true, options: [{ id: 'auth', label: 'Auth' }, { id: 'cache', label: 'Cache' }, { id: 'queue', label: 'Queue' }] },
    { question: 'What should the service be called?', header: 'Name', allow_free_text: true, options: [{ id: 'orders', label: 'orders' }] },
  ],
  interface: 'terminal',
};
const SHIFT_TAB = '\x1b[Z';

async function open(id: string): Promise<TuiDriver> {
  const tui = new TuiDriver(['choose', id], hub.env, { cols: 90, rows: 30 });
  drivers.push(tui);
  await tui.waitFor('Set up the orders service');
  return tui;
}

describe('gatehouse choose with several questions (real PTY, real hub)', () => {
  it('one question at a time with a row of chips; Tab/arrows move between them; Enter goes on and finally submits one answer', async () => {
    const id = await createSession(hub, THREE_QUESTIONS);
    const tui = await open(id);
    await tui.waitFor('1/3 · Database — Which database should it use?');
    expect(tui.text()).toContain('Questions: [› Database] [  Extras] [  Name]');
    expect(tui.line('PostgreSQL').trimStart().startsWith('❯')).toBe(true); // cursor on the recommended option

    tui.press(KEY.tab);
    await tui.waitFor('2/3 · Extras — Which extras should it start with?');
    tui.press(KEY.space, 'j', 'j', KEY.space); // Auth and Queue
    await tui.waitFor(() => tui.line('Queue').includes('[x] 3. Queue'));
    expect(tui.line('Auth')).toContain('[x] 1. Auth');

    tui.press(KEY.left);
    await tui.waitFor('1/3 · Database');
    expect(tui.text()).toContain('[› Database] [✓ Extras] [  Name]');
    tui.press('j', KEY.enter); // SQLite; Enter takes it and goes on to the next open question (Name)
    await tui.waitFor('3/3 · Name — What should the service be called?');
    expect(tui.text()).toContain('[✓ Database] [✓ Extras] [› Name]');
    expect((await getSession(hub, id)).status).toBe('pending');

    tui.press(SHIFT_TAB);
    await tui.waitFor('2/3 · Extras');
    await tui.waitFor(() => tui.line('Queue').includes('[x] 3. Queue')); // kept while away
    tui.press(KEY.right);
    await tui.waitFor('3/3 · Name');
    tui.press('f');
    await tui.waitFor('Your own answer:');
    tui.type('order-hub');
    tui.press(KEY.enter);
    await tui.waitFor('Your answer: order-hub');
    tui.press(KEY.enter); // every question answered: one submit

    const session = await endedSession(hub, id);
    expect(session.result).toMatchObject({
      status: 'submitted',
      interface: 'terminal',
      selected: [],
      answers: [
        { question_index: 0, selected: [{ id: 'lite', label: 'SQLite' }] },
        { question_index: 1, selected: [{ id: 'auth', label: 'Auth' }, { id: 'queue', label: 'Queue' }] },
        { question_index: 2, selected: [], free_text: 'order-hub' },
      ],
    });
    expect(await tui.exited).toBe(0);
    await tui.waitFor('Submitted: Database: SQLite · Extras: Auth, Queue · Name: order-hub');
  });

  it('Enter on the last question with an earlier one still open goes back to it instead of submitting', async () => {
    const id = await createSession(hub, THREE_QUESTIONS);
    const tui = await open(id);
    tui.press(KEY.tab, KEY.tab);
    await tui.waitFor('3/3 · Name');
    tui.press(KEY.enter); // takes "orders"; Database and Extras are still open → Database
    await tui.waitFor('1/3 · Database');
    tui.press(KEY.enter); // PostgreSQL → Extras
    await tui.waitFor('2/3 · Extras');
    tui.press(KEY.enter); // nothing picked in Extras: refused, named
    await tui.waitFor('Pick at least 1 before submitting.');
    expect((await getSession(hub, id)).status).toBe('pending');
    tui.press(KEY.space, KEY.enter);
    const session = await endedSession(hub, id);
    expect(session.result!.answers).toEqual([
      { question_index: 0, selected: [{ id: 'pg', label: 'PostgreSQL' }] },
      { question_index: 1, selected: [{ id: 'auth', label: 'Auth' }] },
      { question_index: 2, selected: [{ id: 'orders', label: 'orders' }] },
    ]);
  });
});
