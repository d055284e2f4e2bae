import { z } from 'zod';
import { ChannelSettingsFile, parseChannelSettings } from './channel-settings-file.js';

export const TELEGRAM_SEND_MODES = ['all', 'no-portal', 'older-than'] as const;
export type TelegramSendMode = (typeof TELEGRAM_SEND_MODES)[number];

/** A Telegram chat or user id: an integer (groups are negative), given as a number or a string of digits. */
const telegramId = z
  .union([z.string(), z.number()], { error: 'must be a Telegram id (a whole number)' })
  .transform((v) => String(v).trim())
  .refine((v) => /^-?\d{1,20}$/.test(v), { error: 'must be a Telegram id (a whole number, e.g. 123456789 or -1001234567890)' });

/**
 * The Telegram channel's saved settings (PUT /api/channels/telegram). Every field is optional: what is not
 * saved comes from the environment (GATEHOUSE_TELEGRAM_*). `null` clears a saved value.
 */
export const telegramSettingsSchema = z.strictObject({
  token: z.string({ error: 'must be a string' }).trim().regex(/^\d+:[\w-]{20,}$/, { error: 'must look like a bot token from @BotFather (123456:ABC…)' }).nullable().optional(),
  chat_id: telegramId.nullable().optional(),
  user_id: telegramId.nullable().optional(),
  api_root: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).transform((u) => u.replace(/\/+$/, '')).nullable().optional(),
  send: z.enum(TELEGRAM_SEND_MODES, { error: `must be one of ${TELEGRAM_SEND_MODES.join(', ')}` }).nullable().optional(),
  older_than_seconds: z.number({ error: 'must be a number of seconds' }).int({ error: 'must be a whole number' }).min(0, { error: 'must be 0 or more' }).max(86_400, { error: 'must be at most 86400' }).nullable().optional(),
});
export type TelegramSettings = z.infer<typeof telegramSettingsSchema>;

/** Validates a patch; throws RequestValidationError naming each bad field. */
export function parseTelegramSettings(input: unknown): TelegramSettings {
  return parseChannelSettings(telegramSettingsSchema, input);
}

/** <data dir>/telegram.json, mode 0600 (it holds the bot token), written durably; read again on every load. */
export class TelegramSettingsFile extends ChannelSettingsFile<typeof telegramSettingsSchema> {
  constructor(file: string) {
    super(file, telegramSettingsSchema);
  }
}
