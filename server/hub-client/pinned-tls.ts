import { Agent as HttpsAgent, type RequestOptions } from 'node:https';
import { connect, type ConnectionOptions, type TLSSocket } from 'node:tls';
import type { Duplex } from 'node:stream';
import { normalizeFingerprint } from '../pairing/connect-string.js';

/** The hub's certificate is not the one the connect string pinned: refused before a byte of the request is sent. */
export class FingerprintMismatchError extends Error {
  readonly code = 'EFINGERPRINT';
  constructor(host: string, expected: string, got: string) {
    super(`the hub at ${host} showed a certificate with SHA-256 fingerprint ${got}, not the pinned ${expected}: refused (another server answers there, or the hub's certificate was replaced — pair again with \`gatehouse pair\` on the person's machine, then \`gatehouse connect <string>\` here)`);
    this.name = 'FingerprintMismatchError';
  }
}

/**
 * An HTTPS agent that trusts exactly one certificate, by its SHA-256 fingerprint: the hub's self-signed one, pinned by
 * the connect string, so no CA is involved. Each connection is checked once its handshake is done and handed to the
 * request only then, so a request (and its key) never goes to a server with another certificate. Connections are
 * kept alive between calls, as on loopback.
 */
export class PinnedAgent extends HttpsAgent {
  constructor(private readonly fingerprint: string) {
    super({ keepAlive: true });
  }

  override createConnection(options: RequestOptions, done?: (err: Error | null, socket: Duplex) => void): Duplex | undefined {
    const socket: TLSSocket = connect({ ...(options as ConnectionOptions), rejectUnauthorized: false });
    const expected = normalizeFingerprint(this.fingerprint);
    const onError = (err: Error) => done?.(err, socket);
    socket.once('error', onError);
    socket.once('secureConnect', () => {
      socket.off('error', onError);
      const got = normalizeFingerprint(socket.getPeerCertificate().fingerprint256 ?? '');
      if (got !== expected) {
        const err = new FingerprintMismatchError(`${options.host}:${options.port}`, expected, got || '(none)');
        socket.destroy();
        return done?.(err, socket);
      }
      done?.(null, socket);
    });
    return undefined;
  }
}

const agents = new Map<string, PinnedAgent>();
/** One agent per pinned fingerprint (a process talks to one hub). */
export function pinnedAgent(fingerprint: string): PinnedAgent {
  let agent = agents.get(fingerprint);
  if (!agent) agents.set(fingerprint, (agent = new PinnedAgent(fingerprint)));
  return agent;
}
