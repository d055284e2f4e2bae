import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateChoiceRequest } from '../../shared/choice/validate-request.js';
import { Store } from '../store/store.js';
import { ChoiceSessions } from './choice-sessions.js';
import { SessionEndedError } from './session-errors.js';

async function setup() {
  const file = join(await mkdtemp(join(tmpdir(), 'gh-sessions-')), 'store.json');
  const policy = { retentionDays: 30, maxHistory: 100 };
  const log = { warn: () => undefined };
  const store = await Store.open(file, policy, log);
  const sessions = new ChoiceSessions(store);
  return { file, store, sessions, reopen: async () => {
    const again = new ChoiceSessions(await Store.open(file, policy, log));
    await again.restore();
    return again;
  } };
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

  it('times out with no answer, and auto-submits the recommended options when asked', async () => {
    const { sessions } = await setup();
    const plain = await sessions.create(req({ timeout_seconds: 10 }), 'web', Date.now() - 9_990);
    const auto = await sessions.create(req({ timeout_seconds: 10, timeout_action: 'submit_recommended' }), 'web', Date.now() - 9_990);
    const [p, a] = await Promise.all([sessions.wait(plain.id, 5000), sessions.wait(auto.id, 5000)]);
    expect(p.result).toMatchObject({ status: 'timeout', selected: [], answered_by: null });
    expect(p.result!.next_step).toMatch(/do not assume consent/i);
    expect(a.result).toMatchObject({ status: 'auto-submitted', selected: [{ id: 'a', label: 'A' }], answered_by: 'default' });
  });

  it('wait returns pending when the wait runs out first', async () => {
    const { sessions } = await setup();
    const s = await sessions.create(req(), 'web');
    expect((await sessions.wait(s.id, 30)).status).toBe('pending');
  });

  it('moves the deadline, clamping it', async () => {
    const { sessions } = await setup();
    const s = await sessions.create(req(), 'web');
    const { session, notice } = await sessions.setDeadline(s.id, 5);
    expect(Date.parse(session.deadline_at) - Date.now()).toBeGreaterThan(9_000);
    expect(notice).toMatch(/clamped to 10/);
  });

  it('restores pending sessions with their original deadline, and expires overdue ones at start', async () => {
    const { sessions, reopen } = await setup();
    const live = await sessions.create(req(), 'web');
    const overdue = await sessions.create(req({ timeout_seconds: 10 }), 'web', Date.now() - 60_000);
    sessions.close();
    const again = await reopen();
    expect(again.get(live.id).status).toBe('pending');
    expect(again.get(live.id).deadline_at).toBe(live.deadline_at);
    expect(again.get(overdue.id).status).toBe('timeout');
    again.close();
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
});
