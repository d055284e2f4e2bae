import { afterAll, beforeAll } from 'vitest';
import { startTestMcp, type TestMcp } from './mcp-client.js';
import { startTestHub, type TestHub } from './test-hub.js';
import { TelegramBotApiStandin, type ChatMessage } from './telegram-bot-api-standin.js';
import type { ChannelStatus } from '../../server/hub/channel-status.js';

/** Waits for a condition (checked every 20 ms); the test's own timeout bounds it. */
export async function until<T>(check: () => T | undefined | null | false | Promise<T | undefined | null | false>): Promise<T> {
  for (;;) {
    const value = await check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A real hub whose Telegram channel talks to the stand-in, and a real MCP client (the agent) on it. */
export async function startTelegramHub(standin: TelegramBotApiStandin, env: NodeJS.ProcessEnv = {}): Promise<{ hub: TestHub; mcp: TestMcp }> {
  const hub = await startTestHub({
    env: { GATEHOUSE_TELEGRAM_TOKEN: standin.token, GATEHOUSE_TELEGRAM_CHAT_ID: String(standin.owner.chatId), GATEHOUSE_TELEGRAM_API_ROOT: standin.apiRoot, ...env },
  });
  return { hub, mcp: await startTestMcp(hub.env) };
}

export interface TelegramRig {
  standin: TelegramBotApiStandin;
  hub: TestHub;
  mcp: TestMcp;
}

/** The stand-in Bot API, a hub talking to it and an MCP client, for the whole file (closed after it). */
export function useTelegramHub(use: (rig: TelegramRig) => void): void {
  let rig: Partial<TelegramRig> = {};
  beforeAll(async () => {
    const standin = await TelegramBotApiStandin.start();
    rig = { standin, ...(await startTelegramHub(standin)) };
    use(rig as TelegramRig);
  });
  afterAll(async () => {
    await rig.mcp?.close();
    await rig.hub?.stop();
    await rig.standin?.stop();
  });
}

export async function channelStatus(hub: TestHub, name: string): Promise<ChannelStatus | undefined> {
  const health = await hub.client.request<{ channels?: Record<string, ChannelStatus> }>('GET', '/api/health');
  return health.channels?.[name];
}

/** The chat message that shows a gate (found by its buttons while it is pending). */
export function messageFor(standin: TelegramBotApiStandin, sessionId: string): Promise<ChatMessage> {
  return standin.waitForMessage((m) => m.buttons.some((b) => b.callback_data.includes(`:${sessionId}`)));
}

/** Resolves once the message has been edited to show the gate's end: no buttons left. */
export function endedMessage(standin: TelegramBotApiStandin, messageId: number): Promise<ChatMessage> {
  return standin.waitForMessage((m) => m.message_id === messageId && m.buttons.length === 0);
}

export interface StartResult {
  status: string;
  session_id: string;
}

export interface FinalResult {
  status: string;
  session_id: string;
  selected: Array<{ id: string; label: string }>;
  free_text: string | null;
  interface: string;
  answered_by: string | null;
}

/** The agent's blocked poll: returns once the gate ends. */
export async function pollUntilEnded(mcp: TestMcp, sessionId: string): Promise<FinalResult> {
  for (;;) {
    const result = await mcp.call<FinalResult>('provide_choice', { session_id: sessionId, wait_seconds: 50 });
    if (result.status !== 'pending') return result;
  }
}
