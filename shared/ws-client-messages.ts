import * as z from 'zod/mini';
import { formatPath } from './validation-error.js';
import { EXTENSION_TYPE, parseJsonObject, type ClientMessage, type ExtensionMessage, type Parsed } from './ws-messages.js';

/** Largest client message the hub reads (bytes); larger ones get an error and are dropped unread. */
export const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;
/** How many sessions one client may follow at once. */
export const MAX_FOLLOWED_SESSIONS = 20;

const pingSchema = z.strictObject({ type: z.literal('ping'), client_now: z.number() });
const followSchema = z.strictObject({
  type: z.literal('follow'),
  sessions: z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(MAX_FOLLOWED_SESSIONS)),
});
/** The zod schema of every core client message (shared/ws-messages.ts describes the protocol). */
export const clientMessageSchema = z.discriminatedUnion('type', [pingSchema, followSchema]);

/** A client message as the hub receives it: a validated core message, or an extension message for a handler. */
export function parseClientMessage(raw: string): Parsed<ClientMessage | ExtensionMessage> {
  if (raw.length > MAX_CLIENT_MESSAGE_BYTES) return { ok: false, error: `(message): larger than ${MAX_CLIENT_MESSAGE_BYTES} bytes` };
  const json = parseJsonObject(raw);
  if (!json.ok) return json;
  const { type } = json.message;
  if (type === 'ping' || type === 'follow') {
    const result = clientMessageSchema.safeParse(json.message);
    if (result.success) return { ok: true, message: result.data };
    return { ok: false, error: result.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`).join('; ') };
  }
  if (EXTENSION_TYPE.test(type)) return { ok: true, message: json.message as ExtensionMessage };
  return { ok: false, error: `type: unknown message type ${JSON.stringify(type.slice(0, 40))} (expected ping, follow or a namespaced x.y)` };
}
