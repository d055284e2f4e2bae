import { networkInterfaces } from 'node:os';
import { connectString } from './connect-string.js';

/** The hub's answer to POST /api/agent-keys. */
export interface PairAnswer {
  key: string;
  agent_key: { name: string; expires_at: string | null };
  hub: { url: string; fingerprint: string | null };
}

const ANY_ADDRESS = new Set(['0.0.0.0', '[::]', '::']);

/** An address of this machine others can reach: the first non-internal IPv4 one (for a hub bound to every address). */
function outwardAddress(): string | null {
  for (const list of Object.values(networkInterfaces())) for (const nic of list ?? []) if (nic.family === 'IPv4' && !nic.internal) return nic.address;
  return null;
}

/**
 * The hub's address as another machine writes it: `address` when the person gave one (--address: a name or address
 * the remote reaches this machine by), else the hub's own; a hub bound to every address (0.0.0.0) is named by this
 * machine's first outward address.
 */
export function hubAddressFor(hubUrl: string, address: string | undefined): string {
  const url = new URL(hubUrl);
  if (address) url.hostname = address;
  else if (ANY_ADDRESS.has(url.hostname)) url.hostname = outwardAddress() ?? url.hostname;
  return `${url.protocol}//${url.host}`;
}

/** The connect string for a key the hub just made. */
export function connectLine(answer: PairAnswer, address: string | undefined): string {
  return connectString({ hub: hubAddressFor(answer.hub.url, address), key: answer.key, fingerprint: answer.hub.fingerprint });
}

/**
 * For `gatehouse pair --ssh HOST`: the remote reaches the hub through `ssh -R` on its own loopback, at the hub's port.
 * The lines: the tunnel (kept open), and `gatehouse connect` on HOST with a string naming 127.0.0.1 there.
 */
export function sshLines(answer: PairAnswer, sshHost: string): string[] {
  const hub = new URL(answer.hub.url);
  const port = hub.port || (hub.protocol === 'https:' ? '443' : '80');
  const target = ANY_ADDRESS.has(hub.hostname) ? '127.0.0.1' : hub.hostname;
  const remoteSide = connectString({ hub: `${hub.protocol}//127.0.0.1:${port}`, key: answer.key, fingerprint: answer.hub.fingerprint });
  const quoted = `'${remoteSide}'`;
  return [
    `# 1. On this machine: open the tunnel and keep it open (${sshHost}'s 127.0.0.1:${port} leads to this hub)`,
    `ssh -N -o ExitOnForwardFailure=yes -R 127.0.0.1:${port}:${target}:${port} ${sshHost}`,
    `# 2. Once, on ${sshHost}: save the hub for the agents there`,
    `ssh ${sshHost} gatehouse connect ${quoted}`,
  ];
}
