import { describe, expect, it } from 'vitest';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { startTestMcp, type TestMcp } from '../support/mcp-client.js';
import type { TestHub } from '../support/test-hub.js';
import type { TelegramBotApiStandin } from '../support/telegram-bot-api-standin.js';
import { endedMessage, messageFor, pollUntilEnded, type StartResult, type TelegramRig, useTelegramHub } from '../support/telegram-channel.js';

const QUESTION = { title: 'Keep going?', prompt: 'The migration is half done.', options: [{ id: 'go', label: 'Go on' }, { id: 'stop', label: 'Stop' }], allow_free_text: true, interface: 'web', timeout_seconds: 600 };

let standin: TelegramBotApiStandin;
let hub: TestHub;
let mcp: TestMcp;

let rig: TelegramRig;
useTelegramHub((r) => ({ standin, hub, mcp } = rig = r));

describe('the Telegram channel across a hub restart and a hanging Bot API', () => {
  it('after a restart the pending gate is not sent again, and a reply to its message still answers it', async () => {
    const id = (await mcp.call<StartResult>('provide_choice', QUESTION)).session_id;
    const message = await messageFor(standin, id);
    await mcp.close();
    await hub.stop({ keepHome: true });
    const callsBefore = standin.calls.length;

    rig.hub = hub = await hub.restart();
    rig.mcp = mcp = await startTestMcp(hub.env);
    await standin.waitForCall('getMe', () => true, callsBefore);
    const poll = pollUntilEnded(mcp, id);
    standin.reply(message.message_id, 'stop after this table');
    expect(await poll).toMatchObject({ status: 'submitted', free_text: 'stop after this table', interface: 'telegram' });
    await endedMessage(standin, message.message_id);
    expect(standin.calls.filter((c) => c.method === 'sendMessage' && String(c.params.text).includes('Keep going?'))).toHaveLength(1);
  });

  it('a Bot API that hangs holds up nobody: the gate is answered in the portal while Telegram calls wait', async () => {
    standin.hang(true);
    const from = standin.calls.length;
    const id = (await mcp.call<StartResult>('provide_choice', { ...QUESTION, title: 'Asked while the Bot API hangs' })).session_id;
    await standin.waitForCall('sendMessage', (p) => String(p.text).includes('Asked while the Bot API hangs'), from);
    const answered = await hub.client.request<{ session: ChoiceSessionView }>('POST', `/api/sessions/${id}/submit`, { selected_ids: ['go'], interface: 'web' });
    expect(answered.session.status).toBe('submitted');
    expect(await pollUntilEnded(mcp, id)).toMatchObject({ status: 'submitted', selected: [{ id: 'go' }], interface: 'web' });
    standin.hang(false);
  });
});
