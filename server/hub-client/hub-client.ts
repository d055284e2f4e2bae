import { httpCall, type HttpAnswer } from './http-call.js';
import { HubRequestError } from './hub-request-error.js';
import { SessionWaits } from './session-waits.js';
import { ASKER_HEADER } from '../sessions/asker-header.js';

export { HubRequestError };

/** How a client reaches its hub beyond the URL and credential. */
export interface HubLink {
  /** The pinned SHA-256 fingerprint of an https hub's certificate. */
  fingerprint?: string | null;
  /** A paired machine's link to the person's hub (its credential is an agent key): never started from here, polls ride out its restarts. */
  remote?: boolean;
}

/** Talks to a running hub over HTTP(S) with its credential (the hub's, or a paired machine's agent key). */
export class HubClient {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
    readonly dataDir: string,
    readonly link: HubLink = {},
  ) {}

  /**
   * The asking process's id (`gatehouse mcp`), sent with every request as x-gatehouse-asker (server/sessions/
   * asker-header.ts): the hub then knows which process asks for the choices it starts and polls.
   */
  asker: string | null = null;

  private sessionWaits?: SessionWaits;
  /** This process's blocked polls, all on one request to the hub. */
  get waits(): SessionWaits {
    return (this.sessionWaits ??= new SessionWaits(this));
  }

  async request<T = unknown>(method: string, path: string, body?: unknown, opts: { signal?: AbortSignal } = {}): Promise<T> {
    let res: HttpAnswer;
    try {
      res = await httpCall(this.baseUrl + path, {
        method,
        headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(this.asker ? { [ASKER_HEADER]: this.asker } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: opts.signal,
        fingerprint: this.link.fingerprint,
      });
    } catch (err) {
      throw unreachable(this.baseUrl, method, path, err, this.link.remote === true);
    }
    const text = res.text;
    let json: any = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (res.status < 200 || res.status > 299) {
      const err = json?.error ?? {};
      throw new HubRequestError(res.status, err.code ?? 'http_error', err.message ?? `hub answered ${res.status}: ${text.slice(0, 200)}`, err.problems ?? [], json);
    }
    return json as T;
  }

  /** The WebSocket URL (credential in the query). */
  wsUrl(path = '/ws'): string {
    return `${this.baseUrl.replace(/^http/, 'ws')}${path}?token=${encodeURIComponent(this.token)}`;
  }

  /** True when the hub answers its health route with this credential. */
  async healthy(timeoutMs = 1500): Promise<boolean> {
    try {
      const health = await this.request<{ ok: boolean; name: string }>('GET', '/api/health', undefined, { signal: AbortSignal.timeout(timeoutMs) });
      return health?.ok === true && health.name === 'gatehouse';
    } catch {
      return false;
    }
  }
}

/** "fetch failed" says nothing: name the hub, the route and the cause (refused, reset, timed out). */
function unreachable(baseUrl: string, method: string, path: string, err: unknown, remote: boolean): Error {
  const error = err as Error & { cause?: { code?: string; message?: string } };
  if (error.name === 'AbortError' || error.name === 'TimeoutError') return error;
  if (error.name === 'FingerprintMismatchError') return new HubRequestError(0, 'fingerprint_mismatch', error.message);
  const cause = (error as { code?: string }).code ?? error.cause?.code ?? error.cause?.message ?? error.message;
  const hint = cause !== 'ECONNREFUSED' ? '' : remote ? ' — the paired hub does not answer (is it running on the person\'s machine, is the tunnel up?); it is never started from here' : ' — the hub is not running (it may have idled out); the next call starts it again';
  return new HubRequestError(0, 'hub_unreachable', `the gatehouse hub at ${baseUrl} did not answer ${method} ${path.split('?')[0]} (${cause})${hint}`);
}
