import { describeProblems, problemsFromZod } from '../../../shared/validation-error.js';
import { ntfySettingsSchema, type NtfySettings, type SavedNtfySettings } from '../../settings/ntfy-settings.js';

/** The channel's name in /api/health, the log and routing. */
export const NTFY_CHANNEL = 'ntfy';

/** A complete ntfy configuration. */
export interface NtfyConfig {
  serverUrl: string;
  topic: string;
  replyTopic: string;
  token: string | null;
  /** What the answer buttons post with; null: nothing (the reply topic is open to write). */
  replyToken: string | null;
}

export type NtfyConfigState = { state: 'off'; reason: string } | { state: 'invalid'; reason: string } | { state: 'ready'; config: NtfyConfig };

/** Which environment variable sets each setting, so a bad value is reported under its own name. */
const NTFY_ENV = {
  server_url: 'GATEHOUSE_NTFY_URL',
  topic: 'GATEHOUSE_NTFY_TOPIC',
  reply_topic: 'GATEHOUSE_NTFY_REPLY_TOPIC',
  token: 'GATEHOUSE_NTFY_TOKEN',
  reply_token: 'GATEHOUSE_NTFY_REPLY_TOKEN',
} as const;

export function ntfySettingsFromEnv(env: NodeJS.ProcessEnv): { settings: NtfySettings; problem: string | null } {
  const raw: Record<string, unknown> = {};
  for (const [field, name] of Object.entries(NTFY_ENV)) {
    const value = env[name]?.trim();
    if (value) raw[field] = value;
  }
  const parsed = ntfySettingsSchema.safeParse(raw);
  if (parsed.success) return { settings: parsed.data, problem: null };
  const problems = problemsFromZod(parsed.error).map((p) => ({ ...p, field: NTFY_ENV[p.field as keyof typeof NTFY_ENV] ?? p.field }));
  return { settings: {}, problem: describeProblems(problems) };
}

/** Saved settings win over the environment, field by field. Server, topic and reply topic are all needed. */
export function resolveNtfyConfig(saved: SavedNtfySettings, env: NodeJS.ProcessEnv): NtfyConfigState {
  const fromEnv = ntfySettingsFromEnv(env);
  if (fromEnv.problem) return { state: 'invalid', reason: fromEnv.problem };
  const pick = <K extends keyof NtfySettings>(key: K) => saved[key] ?? fromEnv.settings[key] ?? undefined;
  const serverUrl = pick('server_url');
  const topic = pick('topic');
  const replyTopic = pick('reply_topic');
  if (!serverUrl && !topic && !replyTopic) return { state: 'off', reason: 'not configured (server_url, topic and reply_topic; or GATEHOUSE_NTFY_URL, GATEHOUSE_NTFY_TOPIC and GATEHOUSE_NTFY_REPLY_TOPIC)' };
  if (!serverUrl) return { state: 'invalid', reason: 'server_url: is required (e.g. https://ntfy.sh)' };
  if (!topic) return { state: 'invalid', reason: 'topic: is required (the topic your phone subscribes to)' };
  if (!replyTopic) return { state: 'invalid', reason: 'reply_topic: is required (where the answer buttons post)' };
  if (replyTopic === topic) return { state: 'invalid', reason: 'reply_topic: must differ from topic (the phone would be notified of every answer)' };
  const token = pick('token') ?? null;
  return { state: 'ready', config: { serverUrl, topic, replyTopic, token, replyToken: pick('reply_token') ?? token } };
}
