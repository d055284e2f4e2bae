import { createHmac } from 'node:crypto';
import { sameToken } from '../discovery/credential.js';

/**
 * A gate capability: the secret a gate link carries instead of the hub's credential. It opens one choice session
 * only (view it, answer or cancel it, move and follow its countdown). It is the HMAC-SHA256 of the session id
 * keyed by the hub's credential, so nobody without the credential can make one, it cannot be derived from the
 * session id, and it stays valid across hub restarts exactly as long as the credential does.
 */
const PURPOSE = 'gatehouse gate capability v1\0';

/** The capability for session `sessionId` (base64url, 43 characters). */
export function gateCapability(token: string, sessionId: string): string {
  return createHmac('sha256', token).update(PURPOSE + sessionId).digest('base64url');
}

/** Whether `given` is the capability of `sessionId` (compared in constant time). */
export function isGateCapability(token: string, sessionId: string, given: string | null | undefined): boolean {
  return sameToken(given, gateCapability(token, sessionId));
}

/** The cookie that keeps the gates a browser was handed links to (without the hub's credential). */
export const GATE_COOKIE = 'gatehouse_gates';
/** A browser keeps at most this many gate grants; the oldest drops out (a cookie stays well under 4 KB). */
export const MAX_GATE_GRANTS = 20;

const SESSION_ID = /^[\w-]{1,64}$/;

/** The gates a cookie value grants: each `<session id>.<capability>` entry is checked; forged ones are ignored. */
export function grantsFromCookie(token: string, value: string | null): string[] {
  if (!value) return [];
  const granted: string[] = [];
  for (const entry of value.split('~').slice(-MAX_GATE_GRANTS)) {
    const dot = entry.lastIndexOf('.');
    const id = entry.slice(0, dot);
    if (dot > 0 && SESSION_ID.test(id) && isGateCapability(token, id, entry.slice(dot + 1)) && !granted.includes(id)) granted.push(id);
  }
  return granted;
}

/** The cookie value for `sessionIds` (newest last; only the last MAX_GATE_GRANTS kept). */
export function grantsCookieValue(token: string, sessionIds: readonly string[]): string {
  const unique = [...new Set(sessionIds.slice().reverse())].reverse().slice(-MAX_GATE_GRANTS);
  return unique.map((id) => `${id}.${gateCapability(token, id)}`).join('~');
}
