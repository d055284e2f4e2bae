import { telegramSettingsFromEnv } from '../../config/channel-env.js';
import type { TelegramSendMode, TelegramSettings } from '../../settings/telegram-settings.js';

/** The channel's name in /api/health and the log. */
export const TELEGRAM_CHANNEL = 'telegram';
export const DEFAULT_TELEGRAM_API_ROOT = 'https://api.telegram.org';

/** A complete Telegram configuration: the bot, the one chat (and optionally user) it answers, and what it sends. */
export interface TelegramConfig {
  token: string;
  chatId: string;
  /** When set, only this user may answer (for group chats); otherwise anyone in the chat. */
  userId: string | null;
  apiRoot: string;
  send: TelegramSendMode;
  /** For `older-than`: a gate is sent once it has been pending this long. */
  olderThanSeconds: number;
}

export type TelegramConfigState =
  | { state: 'off'; reason: string }
  | { state: 'invalid'; reason: string }
  | { state: 'ready'; config: TelegramConfig };

/** Saved settings win over the environment, field by field. Token and chat id are both needed. */
export function resolveTelegramConfig(saved: TelegramSettings, env: NodeJS.ProcessEnv): TelegramConfigState {
  const fromEnv = telegramSettingsFromEnv(env);
  const pick = <K extends keyof TelegramSettings>(key: K) => saved[key] ?? fromEnv.settings[key] ?? undefined;
  const token = pick('token');
  const chatId = pick('chat_id');
  if (fromEnv.problem) return { state: 'invalid', reason: fromEnv.problem };
  if (!token && !chatId) return { state: 'off', reason: 'not configured (GATEHOUSE_TELEGRAM_TOKEN and GATEHOUSE_TELEGRAM_CHAT_ID)' };
  if (!token) return { state: 'invalid', reason: 'GATEHOUSE_TELEGRAM_TOKEN: is required with a chat id' };
  if (!chatId) return { state: 'invalid', reason: 'GATEHOUSE_TELEGRAM_CHAT_ID: is required with a token' };
  return {
    state: 'ready',
    config: {
      token,
      chatId,
      userId: pick('user_id') ?? null,
      apiRoot: pick('api_root') ?? DEFAULT_TELEGRAM_API_ROOT,
      send: pick('send') ?? 'all',
      olderThanSeconds: pick('older_than_seconds') ?? 60,
    },
  };
}
