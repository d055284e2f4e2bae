import { describeProblems, problemsFromZod } from '../../shared/validation-error.js';
import { telegramSettingsSchema, type TelegramSettings } from '../settings/telegram-settings.js';

/** Which environment variable sets each Telegram setting, so a bad value is reported under its own name. */
const TELEGRAM_ENV = {
  token: 'GATEHOUSE_TELEGRAM_TOKEN',
  chat_id: 'GATEHOUSE_TELEGRAM_CHAT_ID',
  user_id: 'GATEHOUSE_TELEGRAM_USER_ID',
  api_root: 'GATEHOUSE_TELEGRAM_API_ROOT',
  send: 'GATEHOUSE_TELEGRAM_SEND',
} as const;

/**
 * The Telegram settings given in the environment. GATEHOUSE_TELEGRAM_SEND is `all`, `no-portal`, or a number of
 * seconds (send a gate once it is that old). A bad value is a problem naming the variable, never a crash.
 */
export function telegramSettingsFromEnv(env: NodeJS.ProcessEnv): { settings: TelegramSettings; problem: string | null } {
  const raw: Record<string, unknown> = {};
  for (const [field, name] of Object.entries(TELEGRAM_ENV)) {
    const value = env[name]?.trim();
    if (value) raw[field] = value;
  }
  if (typeof raw.send === 'string' && /^\d+$/.test(raw.send)) {
    raw.older_than_seconds = Number(raw.send);
    raw.send = 'older-than';
  }
  const parsed = telegramSettingsSchema.safeParse(raw);
  if (parsed.success) return { settings: parsed.data, problem: null };
  const problems = problemsFromZod(parsed.error).map((p) => ({ ...p, field: TELEGRAM_ENV[p.field as keyof typeof TELEGRAM_ENV] ?? 'GATEHOUSE_TELEGRAM_SEND' }));
  return { settings: {}, problem: describeProblems(problems) };
}

/** GATEHOUSE_NOTIFY_URL: where a small JSON POST goes for every new gate, or null. */
export function notifyUrlFromEnv(env: NodeJS.ProcessEnv): { url: string | null; problem: string | null } {
  const raw = env.GATEHOUSE_NOTIFY_URL?.trim();
  if (!raw) return { url: null, problem: null };
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
    return { url: url.toString(), problem: null };
  } catch {
    return { url: null, problem: 'GATEHOUSE_NOTIFY_URL: must be an http(s) URL' };
  }
}
