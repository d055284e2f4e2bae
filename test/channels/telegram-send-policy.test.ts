import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import type { TestMcp } from '../support/mcp-client.js';
import type { TestHub } from '../support/test-hub.js';
import type { TelegramBotApiStandin } from '../support/telegram-bot-api-standin.js';
import { until, useTelegramHub } from '../support/telegram-channel.js';

const QUESTION = { prompt: 'Which region?', options: [{ id: 'eu', label: 'EU' }, { id: 'us', label: 'US' }], interface: 'web', timeout_seconds: 600 };

let standin: TelegramBotApiStandin;
let hub: TestHub;
let mcp: TestMcp;

useTelegramHub((rig) => ({ standin, hub, mcp } = rig));

async function create(title: string): Promise<ChoiceSessionView> {
  return (await hub.client.request<{ session: ChoiceSessionView }>('POST', '/api/sessions', { ...QUESTION, title })).session;
}

function sentAt(title: string): Promise<number> {
  return standin.waitForCall('sendMessage', (p) => String(p.text).includes(title)).then((c) => c.at);
}

describe('which gates go to Telegram (settings: send)', () => {
  it('no-portal: a gate waits while a portal tab or terminal UI is connected and goes out once they close', async () => {
    await hub.client.request('PUT', '/api/channels/telegram', { send: 'no-portal' });
    const socket = new WebSocket(hub.client.wsUrl());
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    await until(async () => (await hub.client.request<{ clients: number }>('GET', '/api/health')).clients === 1);

    await create('Asked while the portal is open');
    const sent = sentAt('Asked while the portal is open');
    // A gate created after it in the same state is not sent either: both wait for the tab to close.
    await create('Second while open');
    const closedAt = performance.now();
    socket.close();
    expect(await sent).toBeGreaterThan(closedAt);
    expect(await sentAt('Second while open')).toBeGreaterThan(closedAt);
  });

  it('older-than: a gate goes out once it has waited N seconds', async () => {
    await hub.client.request('PUT', '/api/channels/telegram', { send: 'older-than', older_than_seconds: 2 });
    const before = performance.now();
    await create('Old enough after two seconds');
    const at = await sentAt('Old enough after two seconds');
    // An ordering, not a speed bound: it cannot go out before it is two seconds old (ms rounding of created_at aside).
    expect(at - before).toBeGreaterThanOrEqual(1990);
  });
});
