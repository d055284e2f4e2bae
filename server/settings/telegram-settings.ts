import { Low } from 'lowdb';
import { z } from 'zod';
import { DurableJsonFile } from '../store/durable-json-file.js';
import { describeProblems, problemsFromZod, RequestValidationError } from '../../shared/validation-error.js';

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
type Saved = { [K in keyof TelegramSettings]?: Exclude<TelegramSettings[K], null> };

/** Validates a patch; throws RequestValidationError naming each bad field. */
export function parseTelegramSettings(input: unknown): TelegramSettings {
  const parsed = telegramSettingsSchema.safeParse(input);
  if (!parsed.success) throw new RequestValidationError(problemsFromZod(parsed.error));
  return parsed.data;
}

/**
 * The saved settings file (<data dir>/telegram.json, mode 0600: it holds the bot token, like the hub's credential),
 * a lowdb document written durably (DurableJsonFile). Read again on every load, so an edit by hand is seen when
 * the channel restarts.
 */
export class TelegramSettingsFile {
  private readonly db: Low<Record<string, unknown>>;

  constructor(private readonly file: string) {
    this.db = new Low<Record<string, unknown>>(new DurableJsonFile(file, 2), {});
  }

  async load(): Promise<Saved> {
    this.db.data = {}; // lowdb keeps what it had when the file is gone
    await this.db.read();
    const parsed = telegramSettingsSchema.safeParse(this.db.data);
    if (!parsed.success) throw new Error(`${this.file}: ${describeProblems(problemsFromZod(parsed.error))}`);
    return withoutNulls(parsed.data);
  }

  /** Applies a validated patch (null removes a value) and writes the file durably with mode 0600. */
  async update(patch: TelegramSettings): Promise<Saved> {
    const next: Record<string, unknown> = { ...(await this.load()) };
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      if (value === null) delete next[key];
      else next[key] = value;
    }
    this.db.data = next;
    await this.db.write();
    return next as Saved;
  }
}

function withoutNulls(settings: TelegramSettings): Saved {
  return Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== null && v !== undefined)) as Saved;
}
