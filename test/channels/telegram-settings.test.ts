import { readFile, stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { dataPaths } from '../../server/config/data-paths.js';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { TelegramBotApiStandin } from '../support/telegram-bot-api-standin.js';
import { channelStatus, messageFor, until } from '../support/telegram-channel.js';

/**
 * Telegram set up from the portal's settings alone (what web/config/TelegramSettings.tsx sends): a hub started with
 * no token or chat id in its environment gets both through PUT /api/channels/telegram, and from then on sends gates
 * to the chat and takes taps — against the local Bot API stand-in. The token goes in and never comes back out.
 */
type View = { settings: Record<string, unknown>; status: { state: string } | null };
const QUESTION = { title: 'Deploy now?', prompt: 'The build is green.', options: [{ id: 'y', label: 'Yes' }, { id: 'n', label: 'No' }], interface: 'web', timeout_seconds: 600 };

let standin: TelegramBotApiStandin;
let hub: TestHub;
beforeAll(async () => {
  standin = await TelegramBotApiStandin.start();
  hub = await startTestHub({ env: { GATEHOUSE_TELEGRAM_API_ROOT: standin.apiRoot } });
});
afterAll(async () => {
  await hub?.stop();
  await standin?.stop();
});

describe('Telegram configured from the settings', () => {
  it('is off until a token and a chat id are saved; then gates reach the chat and a tap answers', async () => {
    const before = await hub.client.request<View>('GET', '/api/channels/telegram');
    expect(before.settings).toMatchObject({ token_set: false, chat_id: null });
    expect(before.status?.state).toBe('off');

    const saved = await hub.client.request<View>('PUT', '/api/channels/telegram', { token: standin.token, chat_id: String(standin.owner.chatId) });
    expect(saved.settings).toMatchObject({ token_set: true, chat_id: String(standin.owner.chatId), send: 'all' });
    expect(JSON.stringify(saved)).not.toContain(standin.token);
    expect((await stat(dataPaths(hub.home).telegramSettings)).mode & 0o777).toBe(0o600);
    await until(async () => (await channelStatus(hub, 'telegram'))?.state === 'ok');

    const { session } = await hub.client.request<{ session: ChoiceSessionView }>('POST', '/api/sessions', QUESTION);
    const message = await messageFor(standin, session.id);
    standin.tapLabel(message.message_id, 'Yes');
    const { session: ended } = await hub.client.request<{ session: ChoiceSessionView }>('GET', `/api/sessions/${session.id}/wait?seconds=50`);
    expect(ended.result).toMatchObject({ status: 'submitted', selected: [{ id: 'y' }], interface: 'telegram' });
  });

  it('refuses a bad chat id naming the field, keeps what was saved, and never logs the token', async () => {
    const bad = await fetch(`${hub.baseUrl}/api/channels/telegram`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${hub.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: 'my chat' }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/^chat_id: must be a Telegram id/);
    expect((await hub.client.request<View>('GET', '/api/channels/telegram')).settings).toMatchObject({ token_set: true, chat_id: String(standin.owner.chatId) });
    expect(await readFile(dataPaths(hub.home).log, 'utf8')).not.toContain(standin.token);
  });

  it('no-portal: a tab opened with a gate link is not the portal (it shows no new gates), so gates still go out', async () => {
    await hub.client.request('PUT', '/api/channels/telegram', { send: 'no-portal' });
    const { url } = await hub.client.request<{ url: string }>('POST', '/api/sessions', { ...QUESTION, title: 'The gate whose link is open' });
    const cookie = ((await fetch(url, { redirect: 'manual' })).headers.get('set-cookie') ?? '').split(';')[0];
    const socket = new WebSocket(`${hub.baseUrl.replace('http', 'ws')}/ws`, { headers: { cookie } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    await until(async () => (await hub.client.request<{ clients: number }>('GET', '/api/health')).clients === 1);
    const from = standin.calls.length;
    await hub.client.request('POST', '/api/sessions', { ...QUESTION, title: 'Asked while only a gate link is open' });
    await standin.waitForCall('sendMessage', (p) => String(p.text).includes('Asked while only a gate link is open'), from);
    socket.close();
    await hub.client.request('PUT', '/api/channels/telegram', { send: 'all' });
  });

  it('removing the token stops the channel (a chat id alone is said to need a token); removing both turns it off', async () => {
    const cleared = await hub.client.request<View>('PUT', '/api/channels/telegram', { token: null });
    expect(cleared.settings.token_set).toBe(false);
    expect(await channelStatus(hub, 'telegram')).toMatchObject({ state: 'invalid', detail: expect.stringMatching(/TOKEN: is required with a chat id/) });
    const { session } = await hub.client.request<{ session: ChoiceSessionView }>('POST', '/api/sessions', { ...QUESTION, title: 'Asked after the token went' });
    await hub.client.request('PUT', '/api/channels/telegram', { chat_id: null });
    expect((await channelStatus(hub, 'telegram'))?.state).toBe('off');
    expect(standin.calls.some((c) => c.method === 'sendMessage' && String(c.params.text).includes(session.request.title))).toBe(false);
  });
});
