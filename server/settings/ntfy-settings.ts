import { z } from 'zod';
import { ChannelSettingsFile, parseChannelSettings, type SavedChannelSettings } from './channel-settings-file.js';

/** ntfy's own rule for a topic name (and a message's sequence id). */
export const NTFY_NAME = /^[-_A-Za-z0-9]{1,64}$/;
const topic = z.string({ error: 'must be a topic name' }).trim().regex(NTFY_NAME, { error: 'must be 1–64 letters, digits, - or _ (an ntfy topic name)' });
const token = z.string({ error: 'must be a string' }).trim().min(1, { error: 'must not be empty (null removes it)' }).max(512, { error: 'must be at most 512 characters' }).regex(/^[\x21-\x7e]+$/, { error: 'must be an access token (tk_…) without spaces' });

/**
 * The ntfy channel's saved settings (PUT /api/channels/ntfy). Every field is optional: what is not saved comes from
 * the environment (GATEHOUSE_NTFY_*). `null` clears a saved value.
 */
export const ntfySettingsSchema = z.strictObject({
  /** The ntfy server (https://ntfy.sh or your own). */
  server_url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://ntfy.sh' }).transform((u) => u.replace(/\/+$/, '')).nullable().optional(),
  /** Where gates are published (the topic the phone's ntfy app subscribes to). */
  topic: topic.nullable().optional(),
  /** Where the answer buttons post; the hub subscribes to it. */
  reply_topic: topic.nullable().optional(),
  /** Access token the hub publishes and subscribes with, when the server asks for one. */
  token: token.nullable().optional(),
  /** Access token the buttons post with (a token that may only write the reply topic is best); default: `token`. */
  reply_token: token.nullable().optional(),
});
export type NtfySettings = z.infer<typeof ntfySettingsSchema>;
export type SavedNtfySettings = SavedChannelSettings<NtfySettings>;

/** Validates a patch; throws RequestValidationError naming each bad field. */
export function parseNtfySettings(input: unknown): NtfySettings {
  return parseChannelSettings(ntfySettingsSchema, input);
}

/** <data dir>/ntfy.json, mode 0600 (it holds access tokens), written durably; read again on every load. */
export class NtfySettingsFile extends ChannelSettingsFile<typeof ntfySettingsSchema> {
  constructor(file: string) {
    super(file, ntfySettingsSchema);
  }
}
