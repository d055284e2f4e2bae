import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

let hub: TestHub;
beforeAll(async () => (hub = await startTestHub()));
afterAll(async () => hub?.stop());

const valid = { prompt: 'Pick', options: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }], interface: 'web' };
type Handoff = { session: ChoiceSessionView; url: string; terminal_command: string };

async function post(path: string, body: string | object) {
  const res = await fetch(hub.baseUrl + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${hub.token}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

describe('choice sessions over the hub API', () => {
  it.each([
    ['not JSON', '{"prompt": ', 400, /body: not valid JSON/],
    ['an array', '[1,2]', 400, /must be a JSON object/],
    ['missing prompt', { options: valid.options }, 400, /prompt: is required/],
    ['duplicate id', { ...valid, options: [...valid.options, { id: 'a', label: 'C' }] }, 400, /options\[2\]\.id: duplicate "a"/],
    ['wrong type', { ...valid, allow_free_text: 'yes' }, 400, /allow_free_text: must be true or false/],
    ['unknown field', { ...valid, colour: 'red' }, 400, /colour: unknown field/],
    ['60 options', { ...valid, options: Array.from({ length: 60 }, (_, i) => ({ id: `${i}`, label: `L${i}` })) }, 400, /options: must have at most 50 options/],
    ['huge prompt', { ...valid, prompt: 'x'.repeat(30_000) }, 400, /prompt: must be at most 20000 characters/],
  ])('a request with %s gets a clear error and the hub keeps serving', async (_name, body, status, message) => {
    const res = await post('/api/sessions', body);
    expect(res.status).toBe(status);
    expect(res.json.error.message).toMatch(message);
    expect((await post('/api/sessions', valid)).status).toBe(201);
  });

  it('refuses bad answers with the field named, and keeps the session pending', async () => {
    const { json } = await post('/api/sessions', valid);
    const id = json.session.id;
    const bad = await post(`/api/sessions/${id}/submit`, { selected_ids: ['zzz'] });
    expect(bad.status).toBe(400);
    expect(bad.json.error.problems).toContainEqual({ field: 'selected_ids[0]', message: 'unknown option id "zzz"' });
    const after = await hub.client.request<Handoff>('GET', `/api/sessions/${id}`);
    expect(after.session.status).toBe('pending');
  });

  it('answers an unknown session with 404, and an ended one with 409 and its final state', async () => {
    expect((await post('/api/sessions/ch_nope/submit', { selected_ids: ['a'] })).status).toBe(404);
    const { json } = await post('/api/sessions', valid);
    await post(`/api/sessions/${json.session.id}/submit`, { selected_ids: ['a'] });
    const again = await post(`/api/sessions/${json.session.id}/cancel`, {});
    expect(again.status).toBe(409);
    expect(again.json.session.status).toBe('submitted');
  });

  it('200 concurrent sessions answered with distinct values each get back exactly their own', async () => {
    const options = Array.from({ length: 50 }, (_, i) => ({ id: `o${i}`, label: `Option ${i}` }));
    const created = await Promise.all(
      Array.from({ length: 200 }, (_, i) => hub.client.request<Handoff>('POST', '/api/sessions', { prompt: `session ${i}`, options, selection_mode: 'multi', min_selections: 0, interface: 'web' })),
    );
    const expected = created.map((c, i) => ({ id: c.session.id, selected: [`o${i % 50}`, `o${(i * 7 + 1) % 50}`].filter((v, k, a) => a.indexOf(v) === k), note: `note-${i}` }));
    const polls = expected.map((e) => hub.client.request<Handoff>('GET', `/api/sessions/${e.id}/wait?seconds=30`));
    await Promise.all(expected.map((e) => hub.client.request('POST', `/api/sessions/${e.id}/submit`, { selected_ids: e.selected, global_annotation: e.note })));
    const results = await Promise.all(polls);
    results.forEach((r, i) => {
      expect(r.session.id).toBe(expected[i].id);
      expect(r.session.result?.selected.map((s) => s.id)).toEqual(expected[i].selected);
      expect(r.session.result?.global_annotation).toBe(expected[i].note);
    });
  });

  /** Creates one web session per prompt, and submits (or cancels) each one after the other. */
  async function completedSessions(prompts: string[], end: 'submit' | 'cancel' = 'submit'): Promise<string[]> {
    const ids: string[] = [];
    for (const prompt of prompts) {
      const { json } = await post('/api/sessions', { ...valid, prompt });
      await post(`/api/sessions/${json.session.id}/${end}`, end === 'submit' ? { selected_ids: ['a'] } : {});
      ids.push(json.session.id);
    }
    return ids;
  }

  it('lists active sessions and the five most recent completed ones', async () => {
    const done = await completedSessions(['c1', 'c2', 'c3', 'c4', 'c5', 'c6']);
    const open = (await post('/api/sessions', { ...valid, prompt: 'still open' })).json.session.id;
    type Listed = { interactions: Array<{ id: string; active: boolean }> };
    const { interactions } = await hub.client.request<Listed>('GET', '/api/interactions');
    expect(interactions.filter((i) => !i.active).map((i) => i.id).sort()).toEqual(done.slice(1).sort());
    expect(interactions.find((i) => i.id === open)?.active).toBe(true);
    const completed = await hub.client.request<Listed>('GET', '/api/interactions?filter=completed');
    expect(completed.interactions.map((i) => i.id).sort()).toEqual(done.slice(1).sort());
    const active = await hub.client.request<Listed>('GET', '/api/interactions?filter=active');
    expect(active.interactions.map((i) => i.id)).toContain(open);
    expect(active.interactions.every((i) => i.active)).toBe(true);
    await expect(hub.client.request('GET', '/api/interactions?filter=some')).rejects.toThrow(/filter: must be one of all, active, completed/);
  });

  it('pages and searches history, ignoring case', async () => {
    const tag = `Paging-${Date.now().toString(36)}`;
    await completedSessions(Array.from({ length: 11 }, (_, i) => `${tag} item ${i}`));
    await completedSessions([`${tag} refused`], 'cancel');
    await completedSessions(['unrelated']);
    type Page = { items: ChoiceSessionView[]; total: number };
    const first = await hub.client.request<Page>('GET', `/api/history?q=${encodeURIComponent(tag.toUpperCase())}&page_size=5`);
    const third = await hub.client.request<Page>('GET', `/api/history?q=${encodeURIComponent(tag.toLowerCase())}&page_size=5&page=3`);
    expect(first.total).toBe(12);
    expect(first.items).toHaveLength(5);
    expect(third.items).toHaveLength(2);
    expect([...first.items, ...third.items].every((s) => s.request.prompt.startsWith(tag))).toBe(true);
    const cancelled = await hub.client.request<Page>('GET', `/api/history?q=${encodeURIComponent(tag)}&status=cancelled`);
    expect(cancelled.items.map((s) => s.request.prompt)).toEqual([`${tag} refused`]);
    const bad = await hub.client.request('GET', '/api/history?page=0').catch((e: Error) => e);
    expect((bad as Error).message).toMatch(/page: must be 1 or more/);
  });
});
