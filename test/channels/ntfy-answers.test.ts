import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dataPaths } from '../../server/config/data-paths.js';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { startTestMcp, type TestMcp } from '../support/mcp-client.js';
import { endedNotification, notificationFor, NTFY_REPLY_TOPIC, NTFY_TOPIC, ntfyEnv } from '../support/ntfy-channel.js';
import { NtfyStandin } from '../support/ntfy-standin.js';
import { channelStatus, pollUntilEnded, until, type StartResult } from '../support/telegram-channel.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

/**
 * The ntfy channel against the local ntfy stand-in (publish as JSON, the reply topic's JSON stream, a bearer
 * token): a gate arrives with its buttons, a tapped button's signed reply settles it, a forged or replayed reply is
 * refused and logged, and the notification is replaced when the gate is answered elsewhere first.
 */
const DEPLOY = { title: 'Deploy now?', prompt: 'The build is green.', options: [{ id: 'y', label: 'Yes' }, { id: 'n', label: 'No' }], interface: 'web', timeout_seconds: 600 };

let standin: NtfyStandin;
let hub: TestHub;
let mcp: TestMcp;

beforeAll(async () => {
  standin = await NtfyStandin.start();
  hub = await startTestHub({ env: ntfyEnv(standin) });
  mcp = await startTestMcp(hub.env);
  await until(async () => (await channelStatus(hub, 'ntfy'))?.state === 'ok');
});
afterAll(async () => {
  await mcp?.close();
  await hub?.stop();
  await standin?.stop();
});

// A failing test shows what the stand-in received and what the hub logged about ntfy.
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  console.log(JSON.stringify(standin.published.map((m) => [m.topic, m.sequence_id, m.title, m.actions?.length ?? 0])));
  console.log((await log()).split('\n').filter((l) => /ntfy|"level":[56]0/.test(l)).join('\n'));
});

async function ask(request: Record<string, unknown>): Promise<string> {
  return (await mcp.call<StartResult>('provide_choice', request)).session_id;
}

const session = async (id: string) => (await hub.client.request<{ session: ChoiceSessionView }>('GET', `/api/sessions/${id}`)).session;
const log = () => readFile(dataPaths(hub.home).log, 'utf8');

describe('answering a gate from ntfy', () => {
  it('publishes the gate with one button per option posting a signed reply; a tap settles it and the notification shows who answered where', async () => {
    const id = await ask(DEPLOY);
    const message = await notificationFor(standin, id);
    expect(message).toMatchObject({ topic: NTFY_TOPIC, title: 'Deploy now?', priority: 3 });
    expect(message.message).toContain('1. Yes\n2. No');
    expect(message.actions!.map((a) => [a.action, a.label, a.method, a.url])).toEqual([
      ['http', 'Yes', 'POST', `${standin.url}/${NTFY_REPLY_TOPIC}`],
      ['http', 'No', 'POST', `${standin.url}/${NTFY_REPLY_TOPIC}`],
    ]);
    // The reply carries a capability for this gate and option, never the hub's credential.
    expect(message.actions![0]!.body).toMatch(new RegExp(`^gatehouse-answer ${id} 0 [\\w-]{22}$`));
    expect(JSON.stringify(message)).not.toContain(hub.token);

    const poll = pollUntilEnded(mcp, id);
    expect(await standin.tap(message, 'Yes')).toBe(200);
    expect(await poll).toMatchObject({ status: 'submitted', selected: [{ id: 'y', label: 'Yes' }], interface: 'ntfy', answered_by: 'human' });
    const ended = await endedNotification(standin, id);
    expect(ended.title).toBe('✅ Yes — answered in ntfy');
    expect(standin.shown(NTFY_TOPIC).find((m) => m.sequence_id === id)).toBe(ended);
  });

  it('refuses and logs a reply with a wrong capability, and one whose capability was already used; neither changes anything', async () => {
    const id = await ask({ ...DEPLOY, title: 'Forged answers' });
    const message = await notificationFor(standin, id);
    const good = message.actions!.find((a) => a.label === 'No')!.body!;
    const forged = good.replace(/ [\w-]{22}$/, ' AAAAAAAAAAAAAAAAAAAAAA');
    const otherOption = good.replace(` ${id} 1 `, ` ${id} 0 `); // the No capability claimed for Yes
    await standin.post(NTFY_REPLY_TOPIC, forged);
    await standin.post(NTFY_REPLY_TOPIC, otherOption);
    await until(async () => ((await log()).match(/refused a reply whose capability is not the hub’s \(forged\)/g) ?? []).length >= 2);
    expect((await session(id)).status).toBe('pending');

    expect(await standin.tap(message, 'No')).toBe(200);
    await endedNotification(standin, id);
    await standin.post(NTFY_REPLY_TOPIC, good); // the same reply again
    await until(async () => (await log()).includes('refused a reply whose capability was already used (replayed)'));
    expect((await session(id)).result).toMatchObject({ selected: [{ id: 'n' }], interface: 'ntfy' });
  });

  it('answered in the portal first: the notification is replaced (who answered where, no buttons); a late tap changes nothing', async () => {
    const id = await ask({ ...DEPLOY, title: 'Answered in the portal' });
    const message = await notificationFor(standin, id);
    await hub.client.request('POST', `/api/sessions/${id}/submit`, { selected_ids: ['n'], interface: 'web' });
    const ended = await endedNotification(standin, id);
    expect(ended.title).toBe('✅ No — answered in the portal');
    expect(ended.sequence_id).toBe(message.sequence_id);

    const before = standin.published.length;
    await standin.tap(message, 'Yes');
    // The late tapper is told who answered where: the end is published again, under the same sequence id.
    const again = await standin.waitFor((m) => standin.published.indexOf(m) >= before && m.sequence_id === id && m.topic === NTFY_TOPIC);
    expect(again).toMatchObject({ title: '✅ No — answered in the portal' });
    expect(again.actions ?? []).toEqual([]);
    await until(async () => (await log()).includes('ntfy: a late answer; the gate was already settled'));
    expect((await log())).toContain('Already answered by you in the portal: No.');
    expect((await session(id)).result).toMatchObject({ selected: [{ id: 'n' }], interface: 'web' });
  });

  it('a question with more than three options: two buttons and Open; a multi-select question: Open only', async () => {
    const options = ['a', 'b', 'c', 'd'].map((id) => ({ id, label: id.toUpperCase() }));
    const many = await ask({ ...DEPLOY, title: 'Four options', options });
    expect((await notificationFor(standin, many)).actions!.map((a) => `${a.action}:${a.label}`)).toEqual(['http:A', 'http:B', 'view:Open']);
    const multi = await ask({ ...DEPLOY, title: 'Pick several', options, selection_mode: 'multi' });
    expect((await notificationFor(standin, multi)).actions!.map((a) => `${a.action}:${a.label}`)).toEqual(['view:Open']);
  });
});

describe('ntfy settings', () => {
  it('a bad setting is refused naming the field; the channel keeps running', async () => {
    const bad = await fetch(`${hub.baseUrl}/api/channels/ntfy`, { method: 'PUT', headers: { authorization: `Bearer ${hub.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ topic: 'my gates!' }) });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/^topic: must be 1–64 letters, digits, - or _/);
    const view = await hub.client.request<{ settings: Record<string, unknown> }>('GET', '/api/channels/ntfy');
    expect(view.settings).toMatchObject({ server_url: standin.url, topic: NTFY_TOPIC, reply_topic: NTFY_REPLY_TOPIC, token_set: true });
    expect(JSON.stringify(view)).not.toContain(standin.token!);
  });

  it('"send a test" publishes to the topic; a wrong token is reported naming the field', async () => {
    const from = standin.published.length;
    expect(await hub.client.request('POST', '/api/channels/ntfy/test', {})).toMatchObject({ ok: true });
    expect(standin.published.slice(from).find((m) => m.title === 'gatehouse: test')?.topic).toBe(NTFY_TOPIC);

    await hub.client.request('PUT', '/api/channels/ntfy', { token: 'tk_wrong' });
    const failed = await fetch(`${hub.baseUrl}/api/channels/ntfy/test`, { method: 'POST', headers: { authorization: `Bearer ${hub.token}`, 'content-type': 'application/json' }, body: '{}' });
    expect(failed.status).toBe(502);
    expect((await failed.json()).error.message).toMatch(/^token: the ntfy server answered HTTP 401/);
    expect(await channelStatus(hub, 'ntfy')).toMatchObject({ state: 'down', detail: expect.stringMatching(/token: the ntfy server answered HTTP 401/) });
    await hub.client.request('PUT', '/api/channels/ntfy', { token: null });
    await until(async () => (await channelStatus(hub, 'ntfy'))?.state === 'ok');
    const written = await log();
    expect(written).not.toContain(standin.token!);
    expect(written).not.toContain('tk_wrong');
  });
});
