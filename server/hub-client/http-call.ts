import { Agent, request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';

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
export async function httpCall(url: string, init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal; fingerprint?: string | null }): Promise<HttpAnswer> {
  if (init.signal?.aborted) throw init.signal.reason;
  const tls = url.startsWith('https:');
  // A TLS hub is trusted by the fingerprint pinned when pairing (pinned-tls.ts), never by a CA.
  if (tls && !init.fingerprint) throw new Error(`${url.split('?')[0]}: an https hub needs its pinned certificate fingerprint (the connect string's fp=)`);
  const transport = tls ? await pinnedTransport(init.fingerprint!) : { send: httpRequest, agent };
  return new Promise((resolve, reject) => {
    if (init.signal?.aborted) return reject(init.signal.reason); // while node:https loaded
    const req = transport.send(url, { method: init.method, headers: { ...init.headers, ...(init.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(init.body)) }) }, agent: transport.agent }, (res) => {
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

/**
 * node:https and node:tls, loaded for a paired machine's hub alone: a client of the local hub (every agent's
 * gatehouse mcp, on every start) never needs them — ~2 ms of start and their memory.
 */
async function pinnedTransport(fingerprint: string): Promise<{ send: (url: string, options: RequestOptions, onResponse: (res: IncomingMessage) => void) => ClientRequest; agent: RequestOptions['agent'] }> {
  const [{ request }, { pinnedAgent }] = await Promise.all([import('node:https'), import('./pinned-tls.js')]);
  return { send: request, agent: pinnedAgent(fingerprint) };
}
