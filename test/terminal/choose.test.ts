import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/settings.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { createSession, DB_QUESTION, endedSession, getSession } from '../support/sessions.js';
import { TuiDriver } from '../support/tui-driver.js';

let hub: TestHub;
const drivers: TuiDriver[] = [];
beforeAll(async () => {
  hub = await startTestHub();
});
afterEach(async () => {
  await Promise.all(drivers.splice(0).map((d) => d.kill()));
  await hub.client.request('PUT', '/api/settings', { ...DEFAULT_SETTINGS });
});
afterAll(async () => {
  await hub?.stop();
});

async function open(id: string, size?: { cols: number; rows: number }, args: string[] = ['choose', id]): Promise<TuiDriver> {
  const tui = new TuiDriver(args, hub.env, size);
  drivers.push(tui);
  await tui.waitFor('Pick a database');
  await tui.waitFor('3. MongoDB');
  return tui;
}

const pointerOn = (tui: TuiDriver, label: string) => tui.line(label).trimStart().startsWith('❯');

describe('gatehouse choose in a real pseudo-terminal against a real hub', () => {
  it('moves with arrows and j/k, selects with Space, submits with Enter and restores the terminal', async () => {
    const id = await createSession(hub);
    const tui = await open(id);
    expect(tui.altScreen).toBe(true);
    expect(tui.text()).toMatch(/asked \d\d:\d\d:\d\d · \d+:\d\d left · pick one/);
    expect(pointerOn(tui, 'PostgreSQL')).toBe(true); // starts on the recommended option
    tui.type('j');
    await tui.waitFor(() => pointerOn(tui, 'SQLite'));
    tui.press('down');
    await tui.waitFor(() => pointerOn(tui, 'MongoDB'));
    tui.type('k');
    await tui.waitFor(() => pointerOn(tui, 'SQLite'));
    tui.press('up');
    await tui.waitFor(() => pointerOn(tui, 'PostgreSQL'));
    tui.press('down', 'space');
    await tui.waitFor(() => tui.line('SQLite').includes('(•) 2. SQLite'));
    expect((await getSession(hub, id)).status).toBe('pending'); // batch mode: Space alone does not submit
    tui.press('enter');
    const session = await endedSession(hub, id);
    expect(session.result).toMatchObject({ status: 'submitted', selected: [{ id: 'lite', label: 'SQLite' }], interface: 'terminal', answered_by: 'human' });
    expect(await tui.exited).toBe(0);
    await tui.waitFor('Submitted: SQLite');
    expect(tui.altScreen).toBe(false);
  });

  it('its header says who is asking (agent · project @ branch — context) under the title, as the portal does', async () => {
    const id = await createSession(hub, { ...DB_QUESTION, context: 'adding storage', source: { kind: 'mcp', agent: 'claude-code 2.1', project: join(tmpdir(), 'shop'), branch: 'main' } });
    const tui = await open(id);
    await tui.waitFor('claude-code 2.1 · shop @ main — adding storage');
  });

  it('Tab writes a note on the current option, g a note for all; an empty note is none', async () => {
    const id = await createSession(hub);
    const tui = await open(id);
    tui.press('tab');
    await tui.waitFor('Note for “PostgreSQL”');
    tui.type('billing knows it');
    tui.press('enter');
    await tui.waitFor('✎ billing knows it');
    tui.press({ text: 'j' }, 'tab');
    await tui.waitFor('Note for “SQLite”');
    tui.press('enter'); // empty = no note
    tui.type('g');
    await tui.waitFor('Note for the whole answer');
    tui.type('ship it');
    tui.press('enter');
    await tui.waitFor('Note for all: ship it');
    tui.press({ text: 'k' }, 'space', 'enter');
    const { result } = await endedSession(hub, id);
    expect(result).toMatchObject({ selected: [{ id: 'pg', label: 'PostgreSQL' }], annotations: { pg: 'billing knows it' }, global_annotation: 'ship it' });
  });

  it('cancel asks for an optional note first, then cancels with it (exit 3)', async () => {
    const id = await createSession(hub);
    const tui = await open(id);
    tui.press('escape');
    await tui.waitFor('Cancel this question — why?');
    tui.type('wrong repo');
    tui.press('enter');
    const { result } = await endedSession(hub, id);
    expect(result).toMatchObject({ status: 'cancelled', global_annotation: 'wrong repo', interface: 'terminal' });
    expect(await tui.exited).toBe(3);
  });

  it('single-submit mode submits on selection', async () => {
    await hub.client.request('PUT', '/api/settings', { submit_mode: 'single-submit' });
    const id = await createSession(hub);
    const tui = await open(id);
    await tui.waitFor('Space choose & submit');
    tui.press({ text: 'j' }, { text: 'j' }, 'space');
    const { result } = await endedSession(hub, id);
    expect(result!.selected).toEqual([{ id: 'mongo', label: 'MongoDB' }]);
  });

  it('multi mode holds min/max', async () => {
    const id = await createSession(hub, { ...DB_QUESTION, options: DB_QUESTION.options.map((o) => ({ ...o, recommended: false })), selection_mode: 'multi', min_selections: 2, max_selections: 2 });
    const tui = await open(id);
    await tui.waitFor('pick 2');
    tui.press('space', 'enter');
    await tui.waitFor('Pick at least 2 before submitting.');
    tui.press({ text: 'j' }, 'space', { text: 'j' }, 'space');
    await tui.waitFor('You can pick at most 2.');
    expect(tui.line('MongoDB')).toContain('[ ] 3.');
    tui.press('enter');
    const { result } = await endedSession(hub, id);
    expect(result!.selected.map((s) => s.id)).toEqual(['pg', 'lite']);
  });

  it('typed input: a number or a label picks, anything else says it did not match', async () => {
    const id = await createSession(hub);
    const tui = await open(id);
    tui.press({ text: '3' }, 'enter');
    await tui.waitFor(() => tui.line('MongoDB').includes('(•) 3. MongoDB'));
    tui.type('/');
    await tui.waitFor('Type a number 1–3 or an option label');
    tui.type('sqlite');
    tui.press('enter');
    await tui.waitFor(() => tui.line('SQLite').includes('(•) 2. SQLite'));
    tui.type('/');
    tui.type('redis');
    tui.press('enter');
    await tui.waitFor('“redis” did not match any option. Type a number 1–3 or an option label.');
    tui.press('escape', 'enter');
    const { result } = await endedSession(hub, id);
    expect(result!.selected).toEqual([{ id: 'lite', label: 'SQLite' }]);
  });

  it('shows a countdown that follows the hub deadline', async () => {
    const id = await createSession(hub, { ...DB_QUESTION, timeout_seconds: 600 });
    const tui = await open(id);
    const first = /(\d+:\d\d) left/.exec(await tui.waitFor(/\d+:\d\d left/))![1];
    await tui.waitFor((text) => /(\d+:\d\d) left/.exec(text)?.[1] !== first);
    await hub.client.request('POST', `/api/sessions/${id}/deadline`, { timeout_seconds: 3600 });
    await tui.waitFor(/(59:\d\d|1:00:00) left/);
  });

  it('switches language in settings, persisted for every interface', async () => {
    const id = await createSession(hub);
    const tui = await open(id);
    tui.type('s');
    await tui.waitFor('Settings (saved for every interface)');
    tui.press('space');
    await tui.waitFor('设置（所有界面通用并保存）');
    expect((await hub.client.request<any>('GET', '/api/settings')).settings).toMatchObject({ language: 'zh', effective_language: 'zh' });
    tui.press('escape');
    await tui.waitFor('回车 提交');
    expect(tui.text()).toContain('★ 推荐');
    expect(tui.text()).not.toMatch(/Enter submit|pick one/);
  });

  it('turning notes off in settings hides them here and persists for the next question', async () => {
    const id = await createSession(hub);
    const tui = await open(id);
    expect(tui.text()).toContain('Tab note on this option');
    tui.type('s');
    await tui.waitFor('Notes on options: on');
    tui.press(...Array.from({ length: 4 }, () => ({ text: 'j' })), 'space');
    await tui.waitFor('Notes on options:  off');
    expect((await hub.client.request<any>('GET', '/api/settings')).settings.annotations_enabled).toBe(false);
    tui.press('escape', 'tab'); // typed ahead: the Tab waits for the settings screen to close
    await tui.waitFor('Pick a database');
    await tui.waitFor('Notes are turned off');
    expect(tui.text()).not.toContain('Tab note');
    tui.press('ctrl-c');
    await tui.exited;
    const next = await open(await createSession(hub));
    expect(next.text()).not.toContain('Tab note');
  });

  it('switches to the web portal keeping selections and notes; the session id stays', async () => {
    const id = await createSession(hub);
    const tui = await open(id);
    tui.press({ text: 'j' }, 'space', 'tab');
    tui.type('keep me');
    tui.press('enter');
    await tui.waitFor('✎ keep me');
    tui.type('w');
    expect(await tui.exited).toBe(0);
    await tui.waitFor('Continued in the web portal. Open: http://127.0.0.1:');
    const session = await getSession(hub, id);
    expect(session).toMatchObject({ status: 'pending', interface: 'web', draft: { selected_ids: ['lite'], annotations: { lite: 'keep me' } } });
    await hub.client.request('POST', `/api/sessions/${id}/submit`, { selected_ids: ['lite'], interface: 'web' });
    expect((await getSession(hub, id)).result!.interface).toBe('web');
  });

  it('ends when the portal takes the question back', async () => {
    const id = await createSession(hub);
    const tui = await open(id);
    await hub.client.request('POST', `/api/sessions/${id}/interface`, { interface: 'web' });
    expect(await tui.exited).toBe(0);
    await tui.waitFor('This question moved to the web portal.');
    expect((await getSession(hub, id)).status).toBe('pending');
  });

  it('Ctrl-C leaves the question open and restores the terminal (exit 130)', async () => {
    const id = await createSession(hub);
    const tui = await open(id);
    tui.press('ctrl-c');
    expect(await tui.exited).toBe(130);
    await tui.waitFor('the question is still open');
    expect(tui.altScreen).toBe(false);
    expect((await getSession(hub, id)).status).toBe('pending');
  });

  it('ends with the hub when nobody answers in time (exit 4)', async () => {
    const id = await createSession(hub, { ...DB_QUESTION, timeout_seconds: 10 });
    const tui = await open(id);
    expect(await tui.exited).toBe(4);
    await tui.waitFor('Timed out: nobody answered before the deadline.');
    expect(tui.text()).not.toContain('elsewhere');
    expect((await getSession(hub, id)).status).toBe('timeout');
  }, 30_000);

  it('ends when the question is answered elsewhere, and redraws on resize', async () => {
    const id = await createSession(hub);
    const tui = await open(id);
    tui.resize(50, 16);
    await tui.waitFor((text) => text.split('\n')[2]!.trim().length === 50); // the rule under the header follows the width
    await hub.client.request('POST', `/api/sessions/${id}/submit`, { selected_ids: ['mongo'], interface: 'web' });
    expect(await tui.exited).toBe(0);
    await tui.waitFor((text) => text.replace(/\n/g, '').includes('This question was already answered elsewhere (Submitted, Web).')); // wrapped at 50 columns
  });

  it('without an id opens the oldest pending question', async () => {
    const { interactions } = await hub.client.request<any>('GET', '/api/interactions?filter=active');
    for (const i of interactions) await hub.client.request('POST', `/api/sessions/${i.id}/cancel`, {});
    const older = await createSession(hub, { ...DB_QUESTION, title: 'Pick a database (older)' });
    await createSession(hub, { ...DB_QUESTION, title: 'Pick a database (newer)' });
    const tui = await open(older, undefined, ['choose']);
    expect(tui.text()).toContain('Pick a database (older)');
  });

  it('fits a small terminal: long prompts and lists scroll to the current option', async () => {
    const options = Array.from({ length: 14 }, (_, i) => ({ id: `o${i + 1}`, label: `Option number ${i + 1} with a long label that wraps` }));
    const id = await createSession(hub, { ...DB_QUESTION, prompt: 'word '.repeat(120), options });
    const tui = new TuiDriver(['choose', id], hub.env, { cols: 40, rows: 12 });
    drivers.push(tui);
    await tui.waitFor('Pick a database');
    await tui.waitFor(/↓ \d+ more lines \(PgDn\)/);
    expect(tui.text()).toContain('word word'); // starts at the top of the prompt
    tui.press('pagedown'); // PgDn scrolls without moving the current option
    await tui.waitFor(/↑ \d+ more lines \(PgUp\)/);
    for (let i = 0; i < 13; i++) tui.type('j');
    await tui.waitFor((text) => text.includes('14. Option number 14') && /↑ \d+ more lines/.test(text));
    expect(tui.screen().every((row) => row.length <= 40)).toBe(true);
    tui.press('enter');
    expect((await endedSession(hub, id)).result!.selected[0]!.id).toBe('o14');
  });
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

async function openQuestions(id: string): Promise<TuiDriver> {
  const tui = new TuiDriver(['choose', id], hub.env, { cols: 90, rows: 30 });
  drivers.push(tui);
  await tui.waitFor('Set up the orders service');
  return tui;
}

describe('gatehouse choose with several questions (real PTY, real hub)', () => {
  it('one question at a time with a row of chips; Tab/arrows move between them; Enter goes on and finally submits one answer', async () => {
    const id = await createSession(hub, THREE_QUESTIONS);
    const tui = await openQuestions(id);
    await tui.waitFor('1/3 · Database — Which database should it use?');
    expect(tui.text()).toContain('Questions: [› Database] [  Extras] [  Name]');
    expect(tui.line('PostgreSQL').trimStart().startsWith('❯')).toBe(true); // cursor on the recommended option

    tui.press('tab');
    await tui.waitFor('2/3 · Extras — Which extras should it start with?');
    tui.press('space', { text: 'j' }, { text: 'j' }, 'space'); // Auth and Queue
    await tui.waitFor(() => tui.line('Queue').includes('[x] 3. Queue'));
    expect(tui.line('Auth')).toContain('[x] 1. Auth');

    tui.press('left');
    await tui.waitFor('1/3 · Database');
    expect(tui.text()).toContain('[› Database] [✓ Extras] [  Name]');
    tui.press({ text: 'j' }, 'enter'); // SQLite; Enter takes it and goes on to the next open question (Name)
    await tui.waitFor('3/3 · Name — What should the service be called?');
    expect(tui.text()).toContain('[✓ Database] [✓ Extras] [› Name]');
    expect((await getSession(hub, id)).status).toBe('pending');

    tui.press('backtab');
    await tui.waitFor('2/3 · Extras');
    await tui.waitFor(() => tui.line('Queue').includes('[x] 3. Queue')); // kept while away
    tui.press('right');
    await tui.waitFor('3/3 · Name');
    tui.type('f');
    await tui.waitFor('Your own answer:');
    tui.type('order-hub');
    tui.press('enter');
    await tui.waitFor('Your answer: order-hub');
    tui.press('enter'); // every question answered: one submit

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
    const tui = await openQuestions(id);
    tui.press('tab', 'tab');
    await tui.waitFor('3/3 · Name');
    tui.press('enter'); // takes "orders"; Database and Extras are still open → Database
    await tui.waitFor('1/3 · Database');
    tui.press('enter'); // PostgreSQL → Extras
    await tui.waitFor('2/3 · Extras');
    tui.press('enter'); // nothing picked in Extras: refused, named
    await tui.waitFor('Pick at least 1 before submitting.');
    expect((await getSession(hub, id)).status).toBe('pending');
    tui.press('space', 'enter');
    const session = await endedSession(hub, id);
    expect(session.result!.answers).toEqual([
      { question_index: 0, selected: [{ id: 'pg', label: 'PostgreSQL' }] },
      { question_index: 1, selected: [{ id: 'auth', label: 'Auth' }] },
      { question_index: 2, selected: [{ id: 'orders', label: 'orders' }] },
    ]);
  });
});

describe('gatehouse choose with several questions: a draft from another interface', () => {
  it('opens with every question\'s picks and own words from the hub\'s draft (e.g. left in the portal)', async () => {
    const id = await createSession(hub, { ...THREE_QUESTIONS, interface: 'web' });
    const answers = [{ selected_ids: ['lite'], free_text: '' }, { selected_ids: ['cache'], free_text: '' }, { selected_ids: [], free_text: 'from-the-portal' }];
    await hub.client.request('PUT', `/api/sessions/${id}/draft`, { selected_ids: [], annotations: {}, global_annotation: '', free_text: '', answers });
    const tui = await openQuestions(id);
    await tui.waitFor('[› Database] [✓ Extras] [✓ Name]');
    expect(tui.line('SQLite')).toContain('(•) 2. SQLite');
    tui.press('enter'); // Database taken as drafted; nothing else open → one submit
    const session = await endedSession(hub, id);
    expect(session.result!.answers).toEqual([
      { question_index: 0, selected: [{ id: 'lite', label: 'SQLite' }] },
      { question_index: 1, selected: [{ id: 'cache', label: 'Cache' }] },
      { question_index: 2, selected: [], free_text: 'from-the-portal' },
    ]);
  });
});
