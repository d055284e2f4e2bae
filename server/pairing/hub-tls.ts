import { X509Certificate } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import type { HubConfig } from '../config/hub-config.js';
import { isLoopbackHost, normalizeFingerprint } from './connect-string.js';

/** The certificate the hub serves: PEM key and certificate, and the SHA-256 fingerprint a connect string pins. */
export interface HubTls {
  key: string;
  cert: string;
  fingerprint: string;
}


/**
 * Whether the hub serves TLS, and with which certificate: off loopback (GATEHOUSE_HOST) it does, with a self-signed
 * certificate made on first use and kept in the data directory, unless the person opts out explicitly
 * (GATEHOUSE_TLS=off with GATEHOUSE_ALLOW_PLAIN_HTTP=1): plain HTTP there would carry agent keys, questions and answers
 * readable by anyone on the network. GATEHOUSE_TLS=on serves TLS on loopback too.
 */
export async function hubTls(config: HubConfig): Promise<HubTls | null> {
  const loopback = isLoopbackHost(config.host);
  if (config.tls === 'off' || (config.tls === 'auto' && loopback)) {
    if (!loopback && !config.allowPlainHttp) {
      throw new Error(`GATEHOUSE_TLS=off: plain HTTP on ${config.host}, which is not loopback, would let anyone on that network read agent keys, questions and answers; leave GATEHOUSE_TLS unset (TLS with a pinned self-signed certificate), or set GATEHOUSE_ALLOW_PLAIN_HTTP=1 to accept that`);
    }
    return null;
  }
  const existing = await readPair(config.paths.tlsKey, config.paths.tlsCert);
  if (existing) return existing;
  return makeCertificate(config);
}

async function readPair(keyFile: string, certFile: string): Promise<HubTls | null> {
  try {
    const [key, cert] = await Promise.all([readFile(keyFile, 'utf8'), readFile(certFile, 'utf8')]);
    return { key, cert, fingerprint: fingerprintOf(cert) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`the hub's TLS certificate (${certFile}, ${keyFile}) could not be read: ${(err as Error).message}; remove both files to have a new one made (every paired machine then connects again)`);
  }
}

export function fingerprintOf(certPem: string): string {
  return normalizeFingerprint(new X509Certificate(certPem).fingerprint256);
}

/** A self-signed certificate for the hub's address (10 years; pinned by fingerprint, so no CA and no renewal is needed). */
async function makeCertificate(config: HubConfig): Promise<HubTls> {
  const { generate } = await import('selfsigned');
  const ip = /^[\d.]+$/.test(config.host) || config.host.includes(':');
  const altNames = [{ type: 2 as const, value: 'localhost' }, { type: 7 as const, ip: '127.0.0.1' }, ...(isLoopbackHost(config.host) ? [] : [ip ? { type: 7 as const, ip: config.host.replace(/^\[|\]$/g, '') } : { type: 2 as const, value: config.host }])];
  const made = await generate([{ name: 'commonName', value: 'gatehouse hub' }], { days: 3650, keySize: 2048, algorithm: 'sha256', extensions: [{ name: 'subjectAltName', altNames }] } as never);
  // Private to this user (0600), as the credential is; one hub per data directory writes them.
  for (const [file, text] of [[config.paths.tlsKey, made.private], [config.paths.tlsCert, made.cert]] as const) {
    const handle = await open(file, 'w', 0o600);
    await handle.writeFile(text);
    await handle.sync();
    await handle.close();
  }
  return { key: made.private, cert: made.cert, fingerprint: fingerprintOf(made.cert) };
}
