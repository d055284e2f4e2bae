import type { ChoiceSessionView } from '../shared/choice/session-types.js';
import { startTestHub } from '../test/support/test-hub.js';
import { TelegramBotApiStandin } from '../test/support/telegram-bot-api-standin.js';
import { summarise, type BenchModule, type BenchRow } from './bench-row.js';

const request = { prompt: 'bench: pick one', options: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }], interface: 'web', timeout_seconds: 600 };

/** A tap handed to the hub by the Bot API stand-in (in a getUpdates answer) → the agent's blocked poll returns. */
async function tapToPoll(runs: number): Promise<number[]> {
  const standin = await TelegramBotApiStandin.start();
  const hub = await startTestHub({
    env: { GATEHOUSE_TELEGRAM_TOKEN: standin.token, GATEHOUSE_TELEGRAM_CHAT_ID: String(standin.owner.chatId), GATEHOUSE_TELEGRAM_API_ROOT: standin.apiRoot },
  });
  const samples: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const { session } = await hub.client.request<{ session: ChoiceSessionView }>('POST', '/api/sessions', request);
      const message = await standin.waitForMessage((m) => m.buttons.some((b) => b.callback_data.includes(`:${session.id}`)));
      const poll = hub.client.request('GET', `/api/sessions/${session.id}/wait?seconds=20`).then(() => performance.now());
      await new Promise((r) => setTimeout(r, 5)); // let the poll reach the hub and block
      const updateId = Number(standin.tapLabel(message.message_id, 'A').slice(2));
      const returned = await poll;
      samples.push(returned - standin.deliveredAt.get(updateId)!);
    }
  } finally {
    await hub.stop();
    await standin.stop();
  }
  return samples;
}

const telegramBench: BenchModule = {
  title: 'telegram: tap in the chat → agent’s blocked poll',
  async rows(): Promise<BenchRow[]> {
    return [summarise('Telegram tap (stand-in delivers) → agent’s blocked poll returns', await tapToPoll(100), { goal: 'median ≤ 50 ms', note: 'real grammY, local stand-in' })];
  },
};
export default telegramBench;
