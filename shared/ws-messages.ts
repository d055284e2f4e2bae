import type { ChoiceSessionView } from './choice/session-types.js';
import type { InteractionKey, InteractionSummary } from './interactions.js';
import type { EffectiveSettings } from './settings.js';

/**
 * The hub's WebSocket protocol (`/ws`), checked on both ends: the hub validates every client message against its
 * zod schema before use (shared/ws-client-messages.ts); clients check every hub message here before use (a
 * dependency-free check, so the portal's first load stays small). Every message is a JSON object with a `type`.
 * Times are epoch milliseconds of the hub's clock.
 *
 * Traffic follows what a client shows: the list arrives once (first page) and then as deltas; a full session is
 * sent only to clients that `follow` it; deadlines travel inside rows and sessions when they change (clients
 * count down locally from them, corrected by the ping/pong clock offset) — there is no periodic tick.
 */

/** `ping`: measure the clock offset (answered by `pong`). `follow`: the sessions (or resolve tasks) this client shows in full. */
export type ClientMessage = { type: 'ping'; client_now: number } | { type: 'follow'; sessions: string[] };

/** An extension message for another hub concern: `type` is namespaced `x.y`; its handler validates the rest. */
export interface ExtensionMessage {
  type: `${string}.${string}`;
  [key: string]: unknown;
}

/**
 * The first page of the list: the newest active rows (at most a page), the recent completed ones, and how many
 * active rows exist in all (the rest load on scroll, `GET /api/interactions?filter=active&cursor=…`).
 */
export interface HelloMessage {
  type: 'hello';
  server_now: number;
  hub_version: string;
  settings: EffectiveSettings;
  interactions: InteractionSummary[];
  active_total: number;
}

/** What changed in the list since the last delta: rows that appeared, rows that changed, rows that left it. */
export interface InteractionsDelta {
  type: 'interactions.delta';
  added: InteractionSummary[];
  changed: InteractionSummary[];
  removed: InteractionKey[];
  active_total: number;
}

export type ServerMessage =
  | HelloMessage
  | InteractionsDelta
  /** A followed choice session changed (answered, deadline moved, draft saved, interface switched). */
  | { type: 'session'; session: ChoiceSessionView }
  | { type: 'settings'; settings: EffectiveSettings }
  | { type: 'pong'; server_now: number; client_now: number }
  /** The hub could not use a client message (the message names the field and the problem). */
  | { type: 'error'; error: { code: 'bad_message'; message: string } };

export type Parsed<T> = { ok: true; message: T } | { ok: false; error: string };

/** Namespaced extension types (`resolve.screen`, `task.updated`, …). */
export const EXTENSION_TYPE = /^[a-z][\w-]*\.[\w.-]+$/;

export function parseJsonObject(raw: string): Parsed<{ type: string; [key: string]: unknown }> {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, error: '(message): not valid JSON' };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, error: '(message): must be a JSON object' };
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string') return { ok: false, error: 'type: must be a string' };
  return { ok: true, message: value as { type: string } };
}

// ---- checks of hub messages: each returns the first problem as `field: what is wrong`, or null ----

type Check = (value: unknown, field: string) => string | null;
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const str: Check = (v, f) => (typeof v === 'string' ? null : `${f}: expected a string`);
const num: Check = (v, f) => (typeof v === 'number' && Number.isFinite(v) ? null : `${f}: expected a number`);
const bool: Check = (v, f) => (typeof v === 'boolean' ? null : `${f}: expected true or false`);
const nullable = (check: Check): Check => (v, f) => (v === null ? null : check(v, f));
const oneOf = (...values: string[]): Check => (v, f) => (typeof v === 'string' && values.includes(v) ? null : `${f}: expected one of ${values.join(', ')}`);
function shape(fields: Record<string, Check>): Check {
  return (v, f) => {
    if (!isObject(v)) return `${f}: expected an object`;
    for (const [key, check] of Object.entries(fields)) {
      const problem = check(v[key], f ? `${f}.${key}` : key);
      if (problem) return problem;
    }
    return null;
  };
}
const list = (check: Check): Check => (v, f) => {
  if (!Array.isArray(v)) return `${f}: expected an array`;
  for (let i = 0; i < v.length; i++) {
    const problem = check(v[i], `${f}[${i}]`);
    if (problem) return problem;
  }
  return null;
};

const kind = oneOf('choice', 'resolve', 'task');
const row = shape({ kind, id: str, title: str, status: str, interface: str, active: bool, waiting_on: nullable(oneOf('person', 'agent')), created_at: str, ended_at: nullable(str), deadline_at: nullable(str), href: str });
const settings = shape({ effective_language: str });
const serverChecks: Record<ServerMessage['type'], Record<string, Check>> = {
  hello: { server_now: num, hub_version: str, settings, interactions: list(row), active_total: num },
  'interactions.delta': { added: list(row), changed: list(row), removed: list(shape({ kind, id: str })), active_total: num },
  session: { session: shape({ id: str, status: str, interface: str, deadline_at: str, request: shape({ title: str }) }) },
  settings: { settings },
  pong: { server_now: num, client_now: num },
  error: { error: shape({ code: str, message: str }) },
};

/** A hub message as a client receives it; `extension` holds a namespaced message for another concern. */
export type ServerParse = { ok: true; message: ServerMessage } | { ok: false; error: string; extension?: ExtensionMessage };

/** Checks a hub message: the core types field by field; namespaced extension messages are passed aside. */
export function parseServerMessage(raw: string): ServerParse {
  const json = parseJsonObject(raw);
  if (!json.ok) return json;
  const { type } = json.message;
  const fields = Object.hasOwn(serverChecks, type) ? serverChecks[type as ServerMessage['type']] : undefined;
  if (!fields) {
    const known = EXTENSION_TYPE.test(type);
    return { ok: false, error: `type: ${known ? 'extension' : 'unknown'} message type ${JSON.stringify(type.slice(0, 40))}`, ...(known ? { extension: json.message as ExtensionMessage } : {}) };
  }
  const problem = shape(fields)(json.message, '');
  return problem ? { ok: false, error: `${type}: ${problem}` } : { ok: true, message: json.message as unknown as ServerMessage };
}

/** A JSON object with a string `type`, or null (for side channels with their own checks, e.g. a task terminal). */
export function parseMessage<T>(raw: string): T | null {
  const json = parseJsonObject(raw);
  return json.ok ? (json.message as T) : null;
}
