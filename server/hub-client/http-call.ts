import { Agent, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pinnedAgent } from './pinned-tls.js';

/** Keeps connections to the hub open between calls (one agent per process; the hub is on loopback). */
const agent = new Agent({ keepAlive: true });

export interface HttpAnswer {
  status: number;
  text: string;
}

/**
 * One HTTP request with node:http. The hub's clients (one MCP process per agent) use this instead of fetch():
 * fetch loads undici, which alone adds more memory than the rest of an idle MCP process.
 */
export function httpCall(url: string, init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal; fingerprint?: string | null }): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    if (init.signal?.aborted) return reject(init.signal.reason);
    const tls = url.startsWith('https:');
    // A TLS hub is trusted by the fingerprint pinned when pairing (pinned-tls.ts), never by a CA.
    if (tls && !init.fingerprint) return reject(new Error(`${url.split('?')[0]}: an https hub needs its pinned certificate fingerprint (the connect string's fp=)`));
    const send = tls ? httpsRequest : httpRequest;
    const req = send(url, { method: init.method, headers: { ...init.headers, ...(init.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(init.body)) }) }, agent: tls ? pinnedAgent(init.fingerprint!) : agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        init.signal?.removeEventListener('abort', onAbort);
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', reject);
    });
    const onAbort = () => req.destroy(init.signal!.reason instanceof Error ? init.signal!.reason : new Error('aborted'));
    init.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (err) => {
      init.signal?.removeEventListener('abort', onAbort);
      reject(init.signal?.aborted ? init.signal.reason : err);
    });
    req.end(init.body);
  });
}
