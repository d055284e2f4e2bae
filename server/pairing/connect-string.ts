// The one line `gatehouse pair` prints and `gatehouse connect` takes: the hub's address, an agent key and, for a TLS
// hub, the fingerprint of its certificate — `gatehouse+https://10.0.0.5:47823/?key=ghk_…&fp=…`. Nothing else: the
// hub's own credential never leaves the person's machine, so pasting the line gives away that one key only.
import { agentKeyId } from './agent-key-secret.js';

export interface ConnectTarget {
  /** The hub's base URL, e.g. https://10.0.0.5:47823 */
  hub: string;
  key: string;
  /** SHA-256 of the hub's certificate (hex), required for https. */
  fingerprint: string | null;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
export const isLoopbackHost = (host: string) => LOOPBACK.has(host.toLowerCase()) || /^127\./.test(host);

/** "AB:CD:…" (what node:tls reports) and "abcd…" name the same fingerprint: compared in one form. */
export const normalizeFingerprint = (text: string) => text.replace(/[^0-9a-f]/gi, '').toLowerCase();

export function connectString(target: ConnectTarget): string {
  const url = new URL(target.hub);
  const fp = target.fingerprint ? `&fp=${normalizeFingerprint(target.fingerprint)}` : '';
  return `gatehouse+${url.protocol.replace(':', '')}://${url.host}/?key=${target.key}${fp}`;
}

/**
 * Checks a hub address and its key and fingerprint, wherever they came from (`what` names the source in errors: the
 * connect string, GATEHOUSE_HUB): http(s) only; https needs a fingerprint; plain http off loopback is refused unless
 * the person opted out (GATEHOUSE_ALLOW_PLAIN_HTTP=1), since the key would cross the network readable.
 */
export function checkTarget(hub: string, key: string | null, fingerprint: string | null, what: string, env: NodeJS.ProcessEnv): ConnectTarget {
  let url: URL;
  try {
    url = new URL(hub);
  } catch {
    throw new Error(`${what}: ${JSON.stringify(hub)} is not an address like https://10.0.0.5:47823`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${what}: the hub's address must be http:// or https:// (got ${url.protocol})`);
  if (!key) throw new Error(`${what}: no agent key (key=…); make one on the person's machine with \`gatehouse pair\``);
  if (!agentKeyId(key)) throw new Error(`${what}: ${JSON.stringify(key.slice(0, 12) + '…')} is not an agent key (they look like ghk_…, as \`gatehouse pair\` prints them)`);
  const fp = fingerprint ? normalizeFingerprint(fingerprint) : null;
  if (fp !== null && fp.length !== 64) throw new Error(`${what}: the fingerprint (fp=) must be 64 hex digits (SHA-256), got ${fingerprint!.length} characters`);
  if (url.protocol === 'https:' && !fp) throw new Error(`${what}: an https hub needs its certificate's fingerprint (fp=…), which \`gatehouse pair\` prints in the connect string`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol === 'http:' && !isLoopbackHost(host) && env.GATEHOUSE_ALLOW_PLAIN_HTTP !== '1') {
    throw new Error(`${what}: plain http to ${url.host}, which is not loopback, would carry the agent key and every question readable on the network; use the https connect string the hub prints (GATEHOUSE_HOST makes it serve TLS), an \`ssh -R\` tunnel to 127.0.0.1, or set GATEHOUSE_ALLOW_PLAIN_HTTP=1 to accept that`);
  }
  return { hub: `${url.protocol}//${url.host}`, key, fingerprint: url.protocol === 'https:' ? fp : null };
}

/** Parses a connect string; every problem is an error saying which part is wrong. */
export function parseConnectString(text: string, env: NodeJS.ProcessEnv): ConnectTarget {
  const trimmed = text.trim();
  const match = /^gatehouse\+(https?):\/\/(.+)$/.exec(trimmed);
  if (!match) throw new Error(`connect string: must start with gatehouse+https:// or gatehouse+http:// as \`gatehouse pair\` prints it (got ${JSON.stringify(trimmed.slice(0, 24))}…)`);
  let url: URL;
  try {
    url = new URL(`${match[1]}://${match[2]}`);
  } catch {
    throw new Error('connect string: the address after gatehouse+http(s):// is not host:port (copy the whole line `gatehouse pair` printed)');
  }
  return checkTarget(`${url.protocol}//${url.host}`, url.searchParams.get('key'), url.searchParams.get('fp'), 'connect string', env);
}
