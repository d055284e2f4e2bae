import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { dataPaths } from '../../server/config/data-paths.js';
import type { TestMcp } from '../support/mcp-client.js';
import type { TestHub } from '../support/test-hub.js';
import type { TelegramBotApiStandin } from '../support/telegram-bot-api-standin.js';
import { DB_QUESTION } from '../support/sessions.js';
import { endedMessage, messageFor, pollUntilEnded, until, type StartResult, useTelegramHub } from '../support/telegram-channel.js';

// The shared database question, with a Markdown prompt (Telegram renders it) and answered on the web side.
const DB = {
  ...DB_QUESTION,
  prompt: 'The **orders** service needs a primary datastore.\n\n- billing runs `PostgreSQL`\n- nothing else is set up',
  interface: 'web',
  timeout_seconds: 600,
};

let standin: TelegramBotApiStandin;
let hub: TestHub;
let mcp: TestMcp;

useTelegramHub((rig) => ({ standin, hub, mcp } = rig));

async function ask(request: Record<string, unknown>): Promise<string> {
  return (await mcp.call<StartResult>('provide_choice', request)).session_id;
}

async function session(id: string): Promise<ChoiceSessionView> {
  return (await hub.client.request<{ session: ChoiceSessionView }>('GET', `/api/sessions/${id}`)).session;
}

describe('answering a gate from Telegram', () => {
  it('sends the gate with its prompt, source and one button per option; a tap gives the agent the typed result', async () => {
    const id = await ask(DB);
    const message = await messageFor(standin, id);
    expect(message.chat_id).toBe(String(standin.owner.chatId));
    expect(message.html).toContain('❓ <b>Pick a database</b>');
    expect(message.html).toContain('The <b>orders</b> service needs a primary datastore.');
    expect(message.html).toContain('• billing runs <code>PostgreSQL</code>');
    expect(message.text).toContain('asked via web');
    expect(message.text).toContain('1. PostgreSQL ⭐ — already used by billing');
    expect(message.buttons.map((b) => b.text)).toEqual(['PostgreSQL ⭐', 'SQLite', 'MongoDB', '✖ Cancel']);

    const poll = pollUntilEnded(mcp, id);
    const tap = standin.tapLabel(message.message_id, 'SQLite');
    const result = await poll;
    expect(result).toMatchObject({ status: 'submitted', session_id: id, selected: [{ id: 'lite', label: 'SQLite' }], interface: 'telegram', answered_by: 'human' });

    const toast = await standin.waitForCall('answerCallbackQuery', (p) => p.callback_query_id === tap);
    expect(toast.params.text).toBe('Answered: SQLite');
    const ended = await endedMessage(standin, message.message_id);
    expect(ended.text).toContain('✅ SQLite — answered in Telegram');
  });

  it('multi-select: taps toggle (the message shows them), Done enforces the minimum and submits', async () => {
    const id = await ask({ ...DB, title: 'Pick stores', selection_mode: 'multi', min_selections: 2 });
    const message = await messageFor(standin, id);
    expect(message.buttons.map((b) => b.text)).toEqual(['☐ PostgreSQL', '☐ SQLite', '☐ MongoDB', '✅ Done (0)', '✖ Cancel']);

    standin.tapLabel(message.message_id, 'PostgreSQL');
    await standin.waitForMessage((m) => m.message_id === message.message_id && m.buttons[0].text === '☑ PostgreSQL');
    const early = standin.tapLabel(message.message_id, 'Done');
    expect((await standin.waitForCall('answerCallbackQuery', (p) => p.callback_query_id === early)).params.text).toBe('select at least 2 (got 1)');
    expect((await session(id)).status).toBe('pending');

    standin.tapLabel(message.message_id, 'MongoDB');
    await standin.waitForMessage((m) => m.message_id === message.message_id && m.buttons[2].text === '☑ MongoDB' && m.buttons[3].text === '✅ Done (2)');
    const poll = pollUntilEnded(mcp, id);
    standin.tapLabel(message.message_id, 'Done');
    expect(await poll).toMatchObject({ status: 'submitted', selected: [{ id: 'pg', label: 'PostgreSQL' }, { id: 'mongo', label: 'MongoDB' }], interface: 'telegram' });
    expect((await endedMessage(standin, message.message_id)).text).toContain('✅ PostgreSQL, MongoDB — answered in Telegram');
  });

  it('free text: a reply to the message is the answer in the person’s own words', async () => {
    const id = await ask({ ...DB, title: 'Pick or say', allow_free_text: true });
    const message = await messageFor(standin, id);
    expect(message.text).toContain('Reply to this message to answer in your own words.');
    const poll = pollUntilEnded(mcp, id);
    standin.reply(message.message_id, 'Use CockroachDB, we have a licence');
    expect(await poll).toMatchObject({ status: 'submitted', selected: [], free_text: 'Use CockroachDB, we have a licence', interface: 'telegram' });
    expect((await endedMessage(standin, message.message_id)).text).toContain('“Use CockroachDB, we have a licence”');
  });

  it('answered elsewhere: the message says so and loses its buttons; a tap on it gets an "already answered" toast', async () => {
    const answered = await ask({ ...DB, title: 'Answered in the portal' });
    const cancelled = await ask({ ...DB, title: 'Cancelled in the terminal' });
    const [a, c] = await Promise.all([messageFor(standin, answered), messageFor(standin, cancelled)]);

    await hub.client.request('POST', `/api/sessions/${answered}/submit`, { selected_ids: ['pg'], interface: 'web' });
    await hub.client.request('POST', `/api/sessions/${cancelled}/cancel`, { global_annotation: 'not needed any more', interface: 'terminal' });
    expect((await endedMessage(standin, a.message_id)).text).toContain('✅ PostgreSQL — answered in the portal');
    expect((await endedMessage(standin, c.message_id)).text).toContain('✖ Cancelled in the terminal UI: not needed any more');

    const stale = standin.tap(a.message_id, a.buttons[1].callback_data);
    expect((await standin.waitForCall('answerCallbackQuery', (p) => p.callback_query_id === stale)).params.text).toBe('Already answered by you in the portal: PostgreSQL.');
    expect((await session(answered)).result).toMatchObject({ selected: [{ id: 'pg' }], interface: 'web' });
  });

  it('a timeout ends the message too', async () => {
    const id = await ask({ ...DB, title: 'Times out', timeout_seconds: 10 });
    const message = await messageFor(standin, id);
    expect((await endedMessage(standin, message.message_id)).text).toContain('⌛ Timed out: nobody answered.');
  });

  it('refuses taps and replies from any other chat or user, logs them, and changes nothing', async () => {
    const id = await ask({ ...DB, title: 'Only mine', allow_free_text: true });
    const message = await messageFor(standin, id);
    const stranger = { chatId: 9999, userId: 9999 };
    const tap = standin.tap(message.message_id, message.buttons[0].callback_data, stranger);
    expect((await standin.waitForCall('answerCallbackQuery', (p) => p.callback_query_id === tap)).params.text).toBe('This bot answers only its owner’s chat.');
    standin.reply(message.message_id, 'let me decide', { chatId: standin.owner.chatId, userId: 9999 });
    const log = await until(async () => {
      const text = await readFile(dataPaths(hub.home).log, 'utf8');
      return (text.match(/refused an update/g) ?? []).length >= 2 && text;
    });
    expect(log).toContain('"chat":9999');
    const after = await session(id);
    expect(after.status).toBe('pending');
    expect(after.draft).toBeNull();
    // The owner still can.
    const poll = pollUntilEnded(mcp, id);
    standin.tapLabel(message.message_id, 'MongoDB');
    expect(await poll).toMatchObject({ status: 'submitted', selected: [{ id: 'mongo' }], interface: 'telegram' });
  });
});
