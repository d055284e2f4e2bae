import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import type { TaskView } from '../../server/orchestrator/face/task-views.js';
import { FAKE_AGENT_ADAPTERS } from '../support/orchestrator-fixture.js';
import { makeTempHome, startTestHub, type TestHub } from '../support/test-hub.js';

/**
 * Gate links (issue 15 §4): the `url` handed to an agent opens its own gate — view, answer, cancel, countdown —
 * and nothing else: another gate, the list, history, settings, the tasks and their terminals answer 401/403.
 * The hub's credential still opens everything. A real hub on 127.0.0.1, a real orchestrated task.
 */
type Handoff = { session: ChoiceSessionView; url: string; terminal_command: string };
type Message = { type: string; [key: string]: any };

const QUESTION = {
  title: 'Pick a database',
  prompt: 'The orders service needs a datastore.',
  options: [
    { id: 'pg', label: 'PostgreSQL', recommended: true },
    { id: 'lite', label: 'SQLite' },
  ],
  interface: 'web',
  timeout_seconds: 600,
};

let hub: TestHub;
let gate: Handoff;
let other: Handoff;
let taskId: string;
/** The browser side of the gate link: the cookie the hub sets when the link is opened. */
let gateCookie: string;

beforeAll(async () => {
  const home = await makeTempHome('gatehouse-gate-links-');
  writeFileSync(join(home, 'adapters.yaml'), FAKE_AGENT_ADAPTERS);
  hub = await startTestHub({ home });
  gate = await hub.client.request<Handoff>('POST', '/api/sessions', QUESTION);
  other = await hub.client.request<Handoff>('POST', '/api/sessions', { ...QUESTION, title: 'Another agent asks' });
  const { session } = await hub.client.request<{ session: { id: string } }>('POST', '/api/workflows', { workflow: { name: 'links', stages: [{ tasks: [{ name: 'pal', adapter: 'fake-agent', keepAlive: true }] }] } });
  taskId = `${session.id}.pal`;
  const opened = await fetch(gate.url, { redirect: 'manual' });
  expect(opened.status).toBe(303);
  expect(opened.headers.get('location')).toBe(`/choice/${gate.session.id}`);
  gateCookie = (opened.headers.get('set-cookie') ?? '').split(';')[0];
  expect(gateCookie).toMatch(/^gatehouse_gates=/);
});
afterAll(async () => hub?.stop());

const withGate = (init: RequestInit = {}) => ({ ...init, headers: { ...(init.headers as Record<string, string>), cookie: gateCookie } });
const json = (method: string, body: unknown) => withGate({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A /ws connection with the given headers: its messages, and "wait until one satisfies …" (resolves on arrival). */
function socketWith(headers: Record<string, string>, path = '/ws') {
  const socket = new WebSocket(`${hub.baseUrl.replace('http', 'ws')}${path}`, { headers });
  const messages: Message[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    for (const w of [...waiters]) w();
  });
  const outcome = new Promise<string>((resolve) => {
    socket.on('open', () => resolve('open'));
    socket.on('unexpected-response', (_req, res) => resolve(`refused:${res.statusCode}`));
    socket.on('error', () => resolve('error'));
  });
  const until = (pick: (m: Message) => boolean) =>
    new Promise<Message>((resolve) => {
      const check = () => {
        const found = messages.find(pick);
        if (found) {
          waiters.delete(check);
          resolve(found);
        }
      };
      waiters.add(check);
      check();
    });
  const send = (message: unknown) => socket.send(JSON.stringify(message));
  return { socket, messages, outcome, until, send };
}

describe('a gate link', () => {
  it('is the gate page with a capability for that gate, never the hub\'s credential', () => {
    expect(gate.url).toMatch(new RegExp(`^${hub.baseUrl}/choice/${gate.session.id}\\?gate=[\\w-]{43}$`));
    expect(gate.url).not.toContain(hub.token);
    expect(new URL(gate.url).searchParams.get('gate')).not.toBe(new URL(other.url).searchParams.get('gate'));
  });

  it('opens its gate alone: the page has the question, no list, and says how to open the full portal', async () => {
    const page = await fetch(`${hub.baseUrl}/choice/${gate.session.id}`, withGate());
    expect(page.status).toBe(200);
    const html = await page.text();
    const boot = JSON.parse(/<script type="application\/json" id="gatehouse-boot">(.*?)<\/script>/s.exec(html)![1]);
    expect(boot).toMatchObject({ access: 'gate', page: 'choice', session_id: gate.session.id, interactions: [], active_total: 0 });
    expect(boot.session.request.title).toBe('Pick a database');
    expect(html).not.toContain('Another agent asks');
    // The scripted page draws the hint from its catalog; a browser without scripts is sent to the plain page.
    expect(boot.catalog['portal:gateLink.hint']).toContain('gatehouse open');
    expect(html).toContain(`url=/choice/${gate.session.id}?plain`);
    const plain = await fetch(`${hub.baseUrl}/choice/${gate.session.id}?plain`, withGate());
    expect(plain.status).toBe(200);
    const plainHtml = await plain.text();
    expect(plainHtml).toContain('Pick a database');
    expect(plainHtml).not.toContain('Another agent asks');
    expect(plainHtml).toContain('data-testid="gate-link-hint"');
    expect(plainHtml).toContain('gatehouse open');
  });

  it('is refused on another gate, the list, history, settings, the tasks and their routes', async () => {
    const refused = async (path: string, init: RequestInit = withGate()) => {
      const res = await fetch(`${hub.baseUrl}${path}`, init);
      return `${res.status} ${(await res.json()).error.code}`;
    };
    const o = other.session.id;
    for (const path of ['/', '/history', `/choice/${o}`, `/api/sessions/${o}`, `/api/sessions/${o}/wait?seconds=0`, '/api/interactions', '/api/interactions?filter=active&limit=5', '/api/history', '/api/settings', '/api/health', '/api/channels/telegram', '/api/tasks', `/api/tasks/${taskId}`, '/api/workflows', `/tasks/${taskId}`, '/api/resolve', '/resolve/rs_1']) {
      expect(await refused(path), path).toBe('403 gate_link_only');
    }
    expect(await refused(`/api/sessions/${o}/submit`, json('POST', { selected_ids: ['pg'] }))).toBe('403 gate_link_only');
    expect(await refused(`/api/sessions/${o}/cancel`, json('POST', {}))).toBe('403 gate_link_only');
    expect(await refused(`/api/tasks/${taskId}/input`, json('POST', { data: 'y\r' }))).toBe('403 gate_link_only');
    expect(await refused(`/api/tasks/${taskId}/stop`, json('POST', {}))).toBe('403 gate_link_only');
    expect(await refused('/api/sessions', json('POST', QUESTION))).toBe('403 gate_link_only');
    expect(await refused('/api/sessions/wait', json('POST', { sessions: [o] }))).toBe('403 gate_link_only');
    expect(await refused('/api/settings', json('PUT', { submit_mode: 'batch' }))).toBe('403 gate_link_only');
    // The link's capability does not open another gate either, nor anything without the gate's id in the path.
    const capability = new URL(gate.url).searchParams.get('gate');
    expect(await refused(`/choice/${o}?gate=${capability}`, {})).toBe('401 unauthorized');
    expect(await refused(`/api/interactions?gate=${capability}`, {})).toBe('401 unauthorized');
    expect(await refused(`/api/sessions/${gate.session.id}?gate=${capability}x`, {})).toBe('401 unauthorized');
    // A made-up cookie grants nothing.
    expect(await refused(`/api/sessions/${gate.session.id}`, { headers: { cookie: `gatehouse_gates=${gate.session.id}.${'A'.repeat(43)}` } })).toBe('401 unauthorized');
    expect((await hub.client.request<Handoff>('GET', `/api/sessions/${o}`)).session.status).toBe('pending');
  });

  it('a browser navigating elsewhere gets a 403 page that says what its links open and how to open the portal', async () => {
    for (const path of ['/', '/history', `/choice/${other.session.id}`, `/tasks/${taskId}`]) {
      const res = await fetch(`${hub.baseUrl}${path}`, withGate({ headers: { accept: 'text/html,application/xhtml+xml' } }));
      expect(res.status, path).toBe(403);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain('data-testid="gate-link-refused"');
      expect(html).toContain('This browser holds links to single questions only');
      expect(html).toContain('gatehouse open');
      expect(html).not.toContain('Another agent asks');
    }
  });

  it('keeps the task terminal WebSocket closed, and its /ws carries that gate only', async () => {
    const terminal = socketWith({ cookie: gateCookie }, `/api/tasks/${encodeURIComponent(taskId)}/terminal`);
    expect(await terminal.outcome).toBe('refused:403');

    const live = socketWith({ cookie: gateCookie });
    expect(await live.outcome).toBe('open');
    const hello = await live.until((m) => m.type === 'hello');
    expect(hello).toMatchObject({ interactions: [], active_total: 0 });
    live.send({ type: 'follow', sessions: [gate.session.id, other.session.id] });
    await live.until((m) => m.type === 'session' && m.session.id === gate.session.id);
    live.send({ type: 'task.input', task: taskId, data: 'y\r' });
    expect((await live.until((m) => m.type === 'error')).error.message).toMatch(/not open to a gate link/);
    // A change to the other gate (and the list delta it causes) reaches the full-credential client, not this one.
    const full = socketWith({ authorization: `Bearer ${hub.token}` });
    await full.until((m) => m.type === 'hello');
    await hub.client.request('PUT', `/api/sessions/${other.session.id}/draft`, { selected_ids: ['lite'], annotations: {}, global_annotation: 'x', free_text: '' });
    await hub.client.request('POST', `/api/sessions/${other.session.id}/deadline`, { timeout_seconds: 900 });
    await full.until((m) => m.type === 'interactions.delta');
    // Its countdown moves live: the deadline change comes as its session.
    const moved = await fetch(`${hub.baseUrl}/api/sessions/${gate.session.id}/deadline`, json('POST', { timeout_seconds: 1200 }));
    expect(moved.status).toBe(200);
    const deadline = (await moved.json()).session.deadline_at;
    await live.until((m) => m.type === 'session' && m.session.deadline_at === deadline);
    expect(live.messages.filter((m) => m.type !== 'pong' && m.type !== 'error').every((m) => m.type === 'hello' || m.session?.id === gate.session.id)).toBe(true);
    expect(JSON.stringify(live.messages)).not.toContain(other.session.id);
    live.socket.close();
    full.socket.close();
  });

  it('answers its gate: the agent gets the person\'s answer', async () => {
    const draft = await fetch(`${hub.baseUrl}/api/sessions/${gate.session.id}/draft`, json('PUT', { selected_ids: ['lite'], annotations: {}, global_annotation: '', free_text: '' }));
    expect(draft.status).toBe(200);
    const submitted = await fetch(`${hub.baseUrl}/api/sessions/${gate.session.id}/submit`, json('POST', { selected_ids: ['lite'], interface: 'web' }));
    expect(submitted.status).toBe(200);
    const { session } = await hub.client.request<Handoff>('GET', `/api/sessions/${gate.session.id}/wait?seconds=5`);
    expect(session).toMatchObject({ status: 'submitted', result: { selected: [{ id: 'lite', label: 'SQLite' }], interface: 'web', answered_by: 'human' } });
    // Still readable through the link once over (the page shows the final state).
    expect((await fetch(`${hub.baseUrl}/choice/${gate.session.id}`, withGate())).status).toBe(200);
  });

  it('cancels its gate through the no-script form, and the grants cookie holds several gates', async () => {
    const third = await hub.client.request<Handoff>('POST', '/api/sessions', { ...QUESTION, title: 'Third' });
    const opened = await fetch(third.url, { redirect: 'manual', headers: { cookie: gateCookie } });
    const both = (opened.headers.get('set-cookie') ?? '').split(';')[0];
    const form = await fetch(`${hub.baseUrl}/choice/${third.session.id}/answer`, { method: 'POST', redirect: 'manual', headers: { cookie: both, 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=cancel&global_annotation=not+now' });
    expect(form.status).toBe(303);
    expect((await hub.client.request<Handoff>('GET', `/api/sessions/${third.session.id}`)).session).toMatchObject({ status: 'cancelled', result: { global_annotation: 'not now' } });
    expect((await fetch(`${hub.baseUrl}/api/sessions/${gate.session.id}`, { headers: { cookie: both } })).status).toBe(200);
    expect((await fetch(`${hub.baseUrl}/api/sessions/${other.session.id}`, { headers: { cookie: both } })).status).toBe(403);
  });
});

describe('the hub\'s credential', () => {
  it('still opens everything, also when its browser opens a gate link (full page, list included)', async () => {
    const auth = { authorization: `Bearer ${hub.token}` };
    for (const path of ['/', '/history', `/choice/${other.session.id}`, '/api/interactions', '/api/history', '/api/settings', '/api/tasks', `/api/tasks/${taskId}`]) {
      expect((await fetch(`${hub.baseUrl}${path}`, { headers: auth })).status, path).toBe(200);
    }
    const fullCookie = `gatehouse_token=${encodeURIComponent(hub.token)}`;
    const opened = await fetch(other.url, { redirect: 'manual', headers: { cookie: fullCookie } });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('set-cookie')).toBeNull();
    const html = await (await fetch(`${hub.baseUrl}/choice/${other.session.id}`, { headers: { cookie: fullCookie } })).text();
    const boot = JSON.parse(/id="gatehouse-boot">(.*?)<\/script>/s.exec(html)![1]);
    expect(boot.access).toBe('full');
    expect(boot.interactions.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([other.session.id, taskId]));
  });

  it('opens the task terminal WebSocket', async () => {
    await expect.poll(async () => (await hub.client.request<{ task: TaskView }>('GET', `/api/tasks/${encodeURIComponent(taskId)}`)).task.status, { timeout: 30_000 }).not.toBe('PENDING');
    const terminal = socketWith({ authorization: `Bearer ${hub.token}` }, `/api/tasks/${encodeURIComponent(taskId)}/terminal`);
    expect(await terminal.outcome).toBe('open');
    expect((await terminal.until((m) => m.type === 'terminal.status' || m.type === 'terminal.error')).type).toBe('terminal.status');
    terminal.socket.close();
  });
});
