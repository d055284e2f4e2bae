import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataPaths } from '../config/data-paths.js';
import { validateChoiceRequest } from '../../shared/choice/validate-request.js';
import { ManualClock } from '../../test/support/manual-clock.js';
import { Store } from '../store/store.js';
import { ChoiceSessions } from './choice-sessions.js';
import { SessionEndedError } from './session-errors.js';
import type { StoredSession } from './stored-session.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Sessions on a real store in a temp folder, driven by a hand-moved clock: time passes only when a test says so. */
async function setup() {
  const dir = await mkdtemp(join(tmpdir(), 'gh-sessions-'));
  const paths = dataPaths(dir);
  const policy = { retentionDays: 30, maxHistory: 100 };
  const log = { warn: () => undefined, info: () => undefined, error: () => undefined };
  const clock = new ManualClock();
  const sessions = new ChoiceSessions(await Store.open(paths, policy, log), clock);
  const opened = [sessions];
  cleanups.push(async () => {
    for (const s of opened) s.close();
    await rm(dir, { recursive: true, force: true });
  });
  return {
    paths,
    clock,
    sessions,
    reopen: async () => {
      const again = new ChoiceSessions(await Store.open(paths, policy, log), clock);
      opened.push(again);
      await again.restore();
      return again;
    },
  };
}

/** Resolves when `id` leaves the pending state (the change is on disk by then). */
function ended(sessions: ChoiceSessions, id: string): Promise<StoredSession> {
  return new Promise((resolve) => {
    const onChange = (s: StoredSession) => {
      if (s.id !== id || s.status === 'pending') return;
      sessions.off('changed', onChange);
      resolve(s);
    };
    sessions.on('changed', onChange);
  });
}

const req = (extra: object = {}) =>
  validateChoiceRequest({ prompt: 'p', options: [{ id: 'a', label: 'A', recommended: true }, { id: 'b', label: 'B' }], ...extra });

describe('ChoiceSessions', () => {
  it('submit wins exactly once; a later cancel is refused with the final state', async () => {
    const { sessions } = await setup();
    const s = await sessions.create(req(), 'web');
    const [first, second] = await Promise.allSettled([
      sessions.submit(s.id, { selected_ids: ['b'], global_annotation: '  ' }),
      sessions.cancel(s.id, {}),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(second.status).toBe('rejected');
    expect((second as PromiseRejectedResult).reason).toBeInstanceOf(SessionEndedError);
    const result = sessions.get(s.id).result!;
    expect(result).toMatchObject({ status: 'submitted', selected: [{ id: 'b', label: 'B' }], global_annotation: null, answered_by: 'human', interface: 'web' });
  });

  it('stays pending until the deadline, then times out — or auto-submits the recommended options when asked', async () => {
    const { sessions, clock } = await setup();
    const plain = await sessions.create(req({ timeout_seconds: 10 }), 'web');
    const auto = await sessions.create(req({ timeout_seconds: 10, timeout_action: 'submit_recommended' }), 'web');
    await clock.advance(9_999);
    expect(sessions.get(plain.id).status).toBe('pending');
    expect(sessions.get(auto.id).status).toBe('pending');
    const endings = Promise.all([ended(sessions, plain.id), ended(sessions, auto.id)]);
    await clock.advance(1);
    const [p, a] = await endings;
    expect(p.result).toMatchObject({ status: 'timeout', selected: [], answered_by: null });
    expect(p.result!.next_step).toMatch(/do not assume consent/i);
    expect(p.ended_at).toBe(p.deadline_at);
    expect(a.result).toMatchObject({ status: 'auto-submitted', selected: [{ id: 'a', label: 'A' }], answered_by: 'default' });
  });

  it('wait returns pending when the wait runs out first, and the final state when the session ends first', async () => {
    const { sessions, clock } = await setup();
    const s = await sessions.create(req(), 'web');
    const short = sessions.wait(s.id, 30_000);
    await clock.advance(30_000);
    expect((await short).status).toBe('pending');
    const long = sessions.wait(s.id, 30_000);
    await sessions.submit(s.id, { selected_ids: ['a'] });
    expect((await long).status).toBe('submitted');
  });

  it('moves the deadline, clamping it and saying so; the timer follows the new deadline', async () => {
    const { sessions, clock } = await setup();
    const s = await sessions.create(req({ timeout_seconds: 300 }), 'web');
    const { session, notice } = await sessions.setDeadline(s.id, 5);
    expect(Date.parse(session.deadline_at) - clock.now()).toBe(10_000);
    expect(notice).toBe('timeout_seconds 5 clamped to 10');
    const done = ended(sessions, s.id);
    await clock.advance(10_000);
    expect((await done).status).toBe('timeout');
  });

  it('restores pending sessions with their original deadline, and expires overdue ones at start', async () => {
    const { sessions, reopen, clock } = await setup();
    const live = await sessions.create(req({ timeout_seconds: 300 }), 'web');
    const overdue = await sessions.create(req({ timeout_seconds: 10 }), 'web');
    sessions.close();
    await clock.advance(60_000);
    const again = await reopen();
    expect(again.get(live.id).status).toBe('pending');
    expect(again.get(live.id).deadline_at).toBe(live.deadline_at);
    expect(again.get(overdue.id).status).toBe('timeout');
    const done = ended(again, live.id);
    await clock.advance(240_000);
    expect((await done).status).toBe('timeout');
  });

  it('keeps the draft and interface across a switch', async () => {
    const { sessions } = await setup();
    const s = await sessions.create(req(), 'web');
    await sessions.saveDraft(s.id, { selected_ids: ['b'], annotations: { b: 'why' }, global_annotation: '', free_text: '' });
    const switched = await sessions.switchInterface(s.id, 'terminal');
    expect(switched).toMatchObject({ interface: 'terminal', draft: { selected_ids: ['b'] } });
    const done = await sessions.submit(s.id, { selected_ids: ['b'], interface: 'terminal' });
    expect(done.result!.interface).toBe('terminal');
  });

  it('a refused write leaves memory as it was: the session is not listed, not counted, not written later', async () => {
    const { paths, sessions, reopen } = await setup();
    const kept = await sessions.create(req(), 'web');
    await rm(paths.sessions, { recursive: true });
    await writeFile(paths.sessions, 'not a folder'); // the next write fails (ENOTDIR), even for root
    await expect(sessions.create(req(), 'web')).rejects.toThrow();
    await expect(sessions.submit(kept.id, { selected_ids: ['a'] })).rejects.toThrow();
    expect(sessions.all().map((s) => s.id)).toEqual([kept.id]);
    expect(sessions.pendingCount()).toBe(1);
    expect(sessions.get(kept.id)).toMatchObject({ status: 'pending', result: null, ended_at: null });
    await rm(paths.sessions);
    await mkdir(paths.sessions);
    const good = await sessions.create(req(), 'web');
    const again = await reopen();
    expect(again.all().map((s) => s.id)).toEqual([good.id]); // the first one's file went with the folder; the refused one never existed
  });
});

const threeQuestions = (extra: object = {}) =>
  validateChoiceRequest({
    questions: [
      { question: 'Which database?', header: 'Database', options: [{ id: 'pg', label: 'PostgreSQL', recommended: true }, { id: 'lite', label: 'SQLite' }] },
      { question: 'Which extras?', multi_select: true, options: [{ id: 'auth', label: 'Auth', recommended: true }, { id: 'cache', label: 'Cache', recommended: true }, { id: 'queue', label: 'Queue' }] },
      { question: 'Project name?', allow_free_text: true, options: [{ id: 'keep', label: 'Keep "demo"', recommended: true }] },
    ],
    ...extra,
  });

describe('ChoiceSessions with several questions', () => {
  it('maps answers given in any order to one entry per question, in question order, with labels', async () => {
    const { sessions } = await setup();
    const s = await sessions.create(threeQuestions(), 'web');
    const done = await sessions.submit(s.id, {
      answers: [
        { question_index: 2, selected_ids: [], free_text: '  billing-api ' },
        { question_index: 0, selected_ids: ['lite'] },
        { question_index: 1, selected_ids: ['cache', 'auth'], free_text: '' },
      ],
      global_annotation: 'thanks',
    });
    expect(done.result).toMatchObject({
      status: 'submitted',
      selected: [],
      free_text: null,
      global_annotation: 'thanks',
      answers: [
        { question_index: 0, selected: [{ id: 'lite', label: 'SQLite' }] },
        { question_index: 1, selected: [{ id: 'cache', label: 'Cache' }, { id: 'auth', label: 'Auth' }] },
        { question_index: 2, selected: [], free_text: 'billing-api' },
      ],
    });
    expect(done.result!.answers![0]).not.toHaveProperty('free_text');
    expect(done.result!.next_step).toMatch(/all 3 questions.*answers\[i\]/);
  });

  it('refuses a one-question answer, a missing question and a bad pick, naming each field; nothing is recorded', async () => {
    const { sessions } = await setup();
    const s = await sessions.create(threeQuestions(), 'web');
    const refusal = (answer: Parameters<ChoiceSessions['submit']>[1]) => sessions.submit(s.id, answer).then(() => [], (err) => (err.problems as Array<{ field: string; message: string }>).map((p) => `${p.field}: ${p.message}`));
    expect(await refusal({ selected_ids: ['pg'] })).toEqual([
      'selected_ids: not used here — this gate asks 3 questions: answer each in answers[] ({question_index, selected_ids, free_text?})',
      'answers: is required — this gate asks 3 questions: answer each in answers[] ({question_index, selected_ids, free_text?})',
    ]);
    expect(await refusal({ answers: [{ question_index: 0, selected_ids: ['pg'] }, { question_index: 0, selected_ids: ['lite'] }, { question_index: 3, selected_ids: [] }] })).toEqual([
      'answers[1].question_index: duplicate 0 (also answers[0])',
      'answers[2].question_index: is 3 but the questions are numbered 0–2',
      'answers: no answer for question_index 1, 2 (every question needs one)',
    ]);
    expect(await refusal({ answers: [{ question_index: 0, selected_ids: ['pg', 'lite'] }, { question_index: 1, selected_ids: ['nope'] }, { question_index: 2, selected_ids: [] }] })).toEqual([
      'answers[0].selected_ids: select at most 1 (got 2)',
      'answers[1].selected_ids[0]: unknown option id "nope"',
      'answers[2].selected_ids: select at least 1 (got 0)', // free text allowed, but neither picked nor typed
    ]);
    expect(await refusal({ answers: [{ question_index: 0, selected_ids: ['pg'], free_text: 'x' }, { question_index: 1, selected_ids: ['auth'] }, { question_index: 2, selected_ids: ['keep'] }] })).toEqual([
      'answers[0].free_text: this question does not accept free text',
    ]);
    expect(sessions.get(s.id)).toMatchObject({ status: 'pending', result: null });
  });

  it('a one-question gate refuses answers[] and its result has no answers field', async () => {
    const { sessions } = await setup();
    const s = await sessions.create(req(), 'web');
    await expect(sessions.submit(s.id, { answers: [{ question_index: 0, selected_ids: ['a'] }] })).rejects.toThrow('answers: this gate asks one question: answer it with selected_ids');
    const done = await sessions.submit(s.id, { selected_ids: ['a'] });
    expect(Object.keys(done.result!)).toEqual(['status', 'session_id', 'selected', 'annotations', 'global_annotation', 'free_text', 'interface', 'answered_by', 'next_step']);
  });

  it('on timeout submits each question\'s recommended options when asked; a plain timeout or cancel answers none', async () => {
    const { sessions, clock } = await setup();
    const auto = await sessions.create(threeQuestions({ timeout_seconds: 10, timeout_action: 'submit_recommended' }), 'web');
    const plain = await sessions.create(threeQuestions({ timeout_seconds: 10 }), 'web');
    const cancelled = await sessions.cancel((await sessions.create(threeQuestions(), 'web')).id, { global_annotation: 'not now' });
    const endings = Promise.all([ended(sessions, auto.id), ended(sessions, plain.id)]);
    await clock.advance(10_000);
    const [a, p] = await endings;
    expect(a.result).toMatchObject({ status: 'auto-submitted', answered_by: 'default', answers: [
      { question_index: 0, selected: [{ id: 'pg', label: 'PostgreSQL' }] },
      { question_index: 1, selected: [{ id: 'auth', label: 'Auth' }, { id: 'cache', label: 'Cache' }] },
      { question_index: 2, selected: [{ id: 'keep', label: 'Keep "demo"' }] },
    ] });
    expect(p.result).toMatchObject({ status: 'timeout', answers: [] });
    expect(cancelled.result).toMatchObject({ status: 'cancelled', answers: [], global_annotation: 'not now' });
  });

  it('keeps a per-question draft across a switch of interface and a restart', async () => {
    const { sessions, reopen } = await setup();
    const s = await sessions.create(threeQuestions(), 'web');
    const answers = [{ selected_ids: ['lite'], free_text: '' }, { selected_ids: [], free_text: '' }, { selected_ids: [], free_text: 'billing' }];
    await sessions.saveDraft(s.id, { selected_ids: [], annotations: {}, global_annotation: '', free_text: '', answers });
    await sessions.switchInterface(s.id, 'terminal');
    sessions.close();
    const again = await reopen();
    expect(again.get(s.id)).toMatchObject({ interface: 'terminal', draft: { answers } });
  });
});
