// The two ntfy calls the channel makes (https://docs.ntfy.sh): publish a JSON message (POST to the server's root),
// and subscribe to a topic's JSON stream (GET /<topic>/json: one JSON object a line — open, keepalive, message).
// The access token goes in the Authorization header; errors name the setting that is likely wrong.
import { redact } from '../retry-backoff.js';
import type { NtfyConfig } from './ntfy-config.js';
import type { NtfyPublish } from './ntfy-message.js';

const CALL_TIMEOUT_MS = 10_000;

/** A message as ntfy's stream gives it (only the fields the channel reads). */
export interface NtfyEvent {
  id: string;
  time: number;
  event: 'open' | 'keepalive' | 'message' | string;
  topic: string;
  message?: string;
}

export class NtfyError extends Error {
  constructor(
    message: string,
    /** 4xx other than 429: retrying will not help until the settings change. */
    readonly permanent = false,
  ) {
    super(message);
  }
}

export class NtfyClient {
  constructor(private readonly config: NtfyConfig) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { ...extra, ...(this.config.token ? { authorization: `Bearer ${this.config.token}` } : {}) };
  }

  /** Publishes one message; resolves with ntfy's id for it. */
  async publish(message: NtfyPublish | { topic: string; title: string; message: string; tags?: string[] }, signal?: AbortSignal): Promise<string> {
    const response = await this.call(this.config.serverUrl + '/', { method: 'POST', headers: this.headers({ 'content-type': 'application/json' }), body: JSON.stringify(message), signal: anySignal(signal, AbortSignal.timeout(CALL_TIMEOUT_MS)) }, message.topic);
    const body = (await response.json().catch(() => ({}))) as { id?: string };
    return String(body.id ?? '');
  }

  /**
   * Streams the reply topic's messages (since `since`: a message id or a unix time) to `onEvent` until the stream
   * ends or `signal` aborts. Resolves when the stream ends; throws when it cannot be opened.
   */
  async subscribe(since: string, signal: AbortSignal, onEvent: (event: NtfyEvent) => void): Promise<void> {
    const url = `${this.config.serverUrl}/${this.config.replyTopic}/json?since=${encodeURIComponent(since)}`;
    const response = await this.call(url, { headers: this.headers(), signal }, this.config.replyTopic);
    if (!response.body) throw new NtfyError('the ntfy server sent no stream');
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true });
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        if (!line) continue;
        try {
          onEvent(JSON.parse(line) as NtfyEvent);
        } catch {
          // Not JSON: not ntfy's stream; skipped.
        }
      }
    }
  }

  private async call(url: string, init: RequestInit, topic: string): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch (err) {
      throw new NtfyError(`server_url: ${this.describe(err)}`);
    }
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    const detail = (() => {
      try {
        return String((JSON.parse(text) as { error?: string }).error ?? '');
      } catch {
        return text.slice(0, 200);
      }
    })();
    const status = response.status;
    const field = status === 401 || status === 403 ? (this.config.token ? 'token' : 'token (none set)') : status === 404 ? 'server_url' : topic === this.config.replyTopic ? 'reply_topic' : 'topic';
    throw new NtfyError(redact(`${field}: the ntfy server answered HTTP ${status}${detail ? ` (${detail})` : ''} for topic ${topic}`, this.config.token), status >= 400 && status < 500 && status !== 429);
  }

  private describe(err: unknown): string {
    if (!(err instanceof Error)) return String(err);
    if (err.name === 'TimeoutError') return `no answer from ${new URL(this.config.serverUrl).host} within ${CALL_TIMEOUT_MS / 1000} s`;
    const cause = (err as Error & { cause?: { code?: string } }).cause;
    return redact(`${new URL(this.config.serverUrl).host}: ${cause?.code ?? err.message}`, this.config.token);
  }
}

function anySignal(...signals: Array<AbortSignal | undefined>): AbortSignal {
  return AbortSignal.any(signals.filter((s): s is AbortSignal => s !== undefined));
}
