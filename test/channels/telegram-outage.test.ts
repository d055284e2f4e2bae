import { readFile, stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPaths } from '../../server/config/data-paths.js';
import type { TestMcp } from '../support/mcp-client.js';
import type { TestHub } from '../support/test-hub.js';
import { TelegramBotApiStandin } from '../support/telegram-bot-api-standin.js';
import { channelStatus, endedMessage, messageFor, pollUntilEnded, startTelegramHub, until, type StartResult } from '../support/telegram-channel.js';

const QUESTION = { prompt: 'Deploy now?', options: [{ id: 'yes', label: 'Yes' }, { id: 'no', label: 'No' }], interface: 'web', timeout_seconds: 600 };

let standin: TelegramBotApiStandin;
let hub: TestHub;
let mcp: TestMcp;

beforeAll(async () => {
  standin = await TelegramBotApiStandin.start();
  await standin.down(); // the Bot API is unreachable when the hub starts
  ({ hub, mcp } = await startTelegramHub(standin));
});
afterAll(async () => {
  await mcp?.close();
  await hub?.stop();
  await standin?.stop();
});

async function ask(title: string): Promise<string> {
  return (await mcp.call<StartResult>('provide_choice', { ...QUESTION, title })).session_id;
}

describe('a Bot API that is down or failing', () => {
  it('down at start: the hub and the portal work, health shows the channel down, and it recovers', async () => {
    const status = await until(async () => {
      const s = await channelStatus(hub, 'telegram');
      return s?.state === 'down' && s;
    });
    expect(status.detail).toMatch(/receiving fails, retrying/);

    const id = await ask('Asked while Telegram is down');
    const page = await fetch(`${hub.baseUrl}/choice/${id}`, { headers: { authorization: `Bearer ${hub.token}` } });
    expect(page.status).toBe(200);

    await standin.up();
    const message = await messageFor(standin, id);
    await until(async () => (await channelStatus(hub, 'telegram'))?.state === 'ok');
    const poll = pollUntilEnded(mcp, id);
    standin.tapLabel(message.message_id, 'Yes');
    expect(await poll).toMatchObject({ status: 'submitted', selected: [{ id: 'yes' }], interface: 'telegram' });
  });

  it('down during a gate: other interfaces answer at once; when it is back, new gates are sent and ended ones edited', async () => {
    const first = await ask('Sent before the outage');
    const sent = await messageFor(standin, first);
    await standin.down();

    const second = await ask('Asked during the outage');
    const answered = await hub.client.request<{ session: { status: string } }>('POST', `/api/sessions/${first}/submit`, { selected_ids: ['no'], interface: 'web' });
    expect(answered.session.status).toBe('submitted');
    await until(async () => (await channelStatus(hub, 'telegram'))?.state === 'down');

    await standin.up();
    expect((await endedMessage(standin, sent.message_id)).text).toContain('✅ No — answered in the portal');
    const late = await messageFor(standin, second);
    const poll = pollUntilEnded(mcp, second);
    standin.tapLabel(late.message_id, 'Yes');
    expect(await poll).toMatchObject({ status: 'submitted', selected: [{ id: 'yes' }], interface: 'telegram' });
  });

  it('server errors (502) are retried the same way', async () => {
    standin.failWith(502);
    const id = await ask('Asked while the Bot API answers 502');
    const status = await until(async () => {
      const s = await channelStatus(hub, 'telegram');
      return s?.state === 'down' && s;
    });
    expect(status.last_error).toMatch(/502/);
    standin.failWith(null);
    const message = await messageFor(standin, id);
    const poll = pollUntilEnded(mcp, id);
    standin.tapLabel(message.message_id, 'No');
    expect(await poll).toMatchObject({ status: 'submitted', selected: [{ id: 'no' }], interface: 'telegram' });
  });

  it('never logs or serves the token; saved settings are 0600 and validated with named fields', async () => {
    const view = await hub.client.request<{ settings: Record<string, unknown> }>('GET', '/api/channels/telegram');
    expect(view.settings).toMatchObject({ token_set: true, chat_id: String(standin.owner.chatId), api_root: standin.apiRoot, send: 'all' });
    const health = await hub.client.request('GET', '/api/health');
    const log = await readFile(dataPaths(hub.home).log, 'utf8');
    expect(log).toMatch(/telegram: Bot API poll failed/);
    for (const text of [JSON.stringify(view), JSON.stringify(health), log]) expect(text).not.toContain(standin.token);

    const bad = await fetch(`${hub.baseUrl}/api/channels/telegram`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${hub.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ send: 'sometimes', older_than_seconds: -1 }),
    });
    expect(bad.status).toBe(400);
    const problems = ((await bad.json()) as { error: { problems: Array<{ field: string }> } }).error.problems.map((p) => p.field);
    expect(problems).toEqual(['send', 'older_than_seconds']);

    await hub.client.request('PUT', '/api/channels/telegram', { send: 'older-than', older_than_seconds: 30 });
    expect((await stat(dataPaths(hub.home).telegramSettings)).mode & 0o777).toBe(0o600);
    const after = await hub.client.request<{ settings: Record<string, unknown> }>('GET', '/api/channels/telegram');
    expect(after.settings).toMatchObject({ send: 'older-than', older_than_seconds: 30, token_set: true });
  });
});
