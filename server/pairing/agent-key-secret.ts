import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * An agent key as it is handed out: `ghk_<id>_<secret>`. The id (public, 8 random bytes) finds the key's record; the
 * secret is 32 random bytes (256 bits). Only the SHA-256 of the whole key is stored: a key this random cannot be
 * guessed from its hash, so a slow hash (scrypt) would buy nothing but cost every request of every paired agent a
 * few tens of milliseconds of the hub's CPU.
 */
export const AGENT_KEY_PREFIX = 'ghk_';
const KEY_SHAPE = /^ghk_([A-Za-z0-9_-]{11})_([A-Za-z0-9_-]{43})$/;

export interface NewAgentKey {
  id: string;
  key: string;
  hash: string;
}

export function newAgentKey(): NewAgentKey {
  const id = randomBytes(8).toString('base64url');
  const key = `${AGENT_KEY_PREFIX}${id}_${randomBytes(32).toString('base64url')}`;
  return { id, key, hash: hashAgentKey(key) };
}

export function hashAgentKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The id of a well-formed key, else null. */
export function agentKeyId(key: string): string | null {
  return KEY_SHAPE.exec(key)?.[1] ?? null;
}

/** Whether `key` hashes to `hash` (compared in constant time). */
export function keyMatches(key: string, hash: string): boolean {
  const a = Buffer.from(hashAgentKey(key), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether a credential someone presents is meant as an agent key (so it is checked as one, never as the hub's). */
export const looksLikeAgentKey = (given: string | null | undefined): given is string => typeof given === 'string' && given.startsWith(AGENT_KEY_PREFIX);
