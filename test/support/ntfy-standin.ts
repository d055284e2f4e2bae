import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { randomBytes } from 'node:crypto';

/** A message as the ntfy server keeps it and its JSON stream sends it. */
export interface NtfyMessage {
  id: string;
  time: number;
  event: 'message';
  topic: string;
  message: string;
  title?: string;
  priority?: number;
  tags?: string[];
  actions?: NtfyAction[];
  sequence_id?: string;
  /** performance.now() when the stand-in received it (for the bench). */
  received_at: number;
}

export interface NtfyAction {
  action: 'view' | 'http' | 'broadcast' | 'copy';
  label: string;
  url?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  clear?: boolean;
}

const NAME = /^[-_A-Za-z0-9]{1,64}$/;
const ACTIONS = new Set(['view', 'http', 'broadcast', 'copy']);

/**
 * A local stand-in for an ntfy server (https://docs.ntfy.sh) on 127.0.0.1, for tests and the bench: publish as JSON
 * (POST /), publish a plain body (POST|PUT /<topic>), subscribe (GET /<topic>/json: a stream of one JSON object a
 * line, `open` first, with `since=` a message id, a unix time or `all`), and the access token in the Authorization
 * header. It checks what ntfy checks (topic and sequence id names, at most 3 actions, each with a label and a URL),
 * keeps what the phone shows — one notification per sequence id, a publish with the same sequence id replacing it —
 * and lets a test act as the person: tap a notification's button (the phone then makes that HTTP request itself).
 */
export class NtfyStandin {
  /** Every message published, in order, per topic. */
  readonly published: NtfyMessage[] = [];
  /** Requests refused (what ntfy would answer 4xx to). */
  readonly refused: Array<{ path: string; status: number; error: string }> = [];
  private readonly streams = new Set<{ topic: string; res: ServerResponse }>();
  private readonly watchers = new Set<() => void>();
  private readonly sockets = new Set<Socket>();
  private server: Server | null = null;
  private port = 0;

  private constructor(readonly token: string | null) {}

  /** `token`: when set, every call must carry `Authorization: Bearer <token>`. */
  static async start(opts: { token?: string | null } = {}): Promise<NtfyStandin> {
    const standin = new NtfyStandin(opts.token === undefined ? 'tk_standin0000000000000000000000' : opts.token);
    const server = createServer((req, res) => void standin.handle(req, res));
    server.on('connection', (socket) => {
      standin.sockets.add(socket);
      socket.on('close', () => standin.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    standin.port = (server.address() as AddressInfo).port;
    standin.server = server;
    return standin;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    for (const s of this.streams) s.res.end();
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** What the phone shows on `topic`: the latest message of each sequence id, in first-published order. */
  shown(topic: string): NtfyMessage[] {
    const bySequence = new Map<string, NtfyMessage>();
    for (const m of this.published) if (m.topic === topic) bySequence.set(m.sequence_id ?? m.id, m);
    return [...bySequence.values()];
  }

  /** Resolves once something published satisfies `match` (checked after every publish). */
  async waitFor(match: (m: NtfyMessage) => boolean): Promise<NtfyMessage> {
    for (;;) {
      const found = this.published.find(match);
      if (found) return found;
      await new Promise<void>((resolve) => {
        const once = () => {
          this.watchers.delete(once);
          resolve();
        };
        this.watchers.add(once);
      });
    }
  }

  /** The person taps a button: the phone's ntfy app makes the action's HTTP request (for `http` actions). */
  async tap(message: NtfyMessage, label: string): Promise<number> {
    const action = message.actions?.find((a) => a.label.includes(label));
    if (!action) throw new Error(`the notification "${message.title}" has no button "${label}"`);
    if (action.action !== 'http') throw new Error(`button "${label}" is a ${action.action} action, not http`);
    const response = await fetch(action.url!, { method: action.method ?? 'POST', headers: action.headers, body: action.body ?? '' });
    await response.body?.cancel();
    return response.status;
  }

  /** Someone else posts to a topic (a forged or replayed reply), with the given token. */
  async post(topic: string, body: string, token: string | null = this.token): Promise<number> {
    const response = await fetch(`${this.url}/${topic}`, { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {}, body });
    await response.body?.cancel();
    return response.status;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    const body = await readBody(req);
    const refuse = (status: number, code: number, error: string) => {
      this.refused.push({ path: url.pathname, status, error });
      send(res, status, { code, http: status, error });
    };
    if (this.token && req.headers.authorization !== `Bearer ${this.token}`) return refuse(401, 40101, 'unauthorized');
    const parts = url.pathname.split('/').filter(Boolean);
    if (req.method === 'POST' && parts.length === 0) {
      let json: Record<string, any>;
      try {
        json = JSON.parse(body) as Record<string, any>;
      } catch {
        return refuse(400, 40017, 'invalid request: request body must be message JSON');
      }
      return this.publish(res, json, refuse);
    }
    if ((req.method === 'POST' || req.method === 'PUT') && parts.length === 1) return this.publish(res, { topic: parts[0], message: body }, refuse);
    if (req.method === 'GET' && parts.length === 2 && parts[1] === 'json' && NAME.test(parts[0]!)) return this.subscribe(parts[0]!, url.searchParams, res);
    return refuse(404, 40401, 'page not found');
  }

  private publish(res: ServerResponse, json: Record<string, any>, refuse: (status: number, code: number, error: string) => void): void {
    const topic = String(json.topic ?? '');
    if (!NAME.test(topic)) return refuse(400, 40009, 'invalid request: topic invalid');
    if (json.sequence_id !== undefined && !NAME.test(String(json.sequence_id))) return refuse(400, 40049, 'invalid request: sequence ID invalid');
    const actions = (json.actions ?? []) as NtfyAction[];
    if (!Array.isArray(actions) || actions.length > 3) return refuse(400, 40018, 'invalid request: actions invalid, only 3 actions allowed');
    for (const a of actions) {
      if (!ACTIONS.has(a.action) || !a.label) return refuse(400, 40018, 'invalid request: actions invalid, action and label required');
      if ((a.action === 'view' || a.action === 'http') && !/^https?:\/\//.test(a.url ?? '')) return refuse(400, 40018, `invalid request: actions invalid, ${a.action} action requires a URL`);
    }
    const message: NtfyMessage = {
      id: randomBytes(9).toString('base64url').replace(/[-_]/g, 'x').slice(0, 12),
      time: Math.floor(Date.now() / 1000),
      event: 'message',
      topic,
      message: String(json.message ?? 'triggered'),
      ...(json.title ? { title: String(json.title) } : {}),
      ...(json.priority ? { priority: Number(json.priority) } : {}),
      ...(json.tags ? { tags: json.tags as string[] } : {}),
      ...(actions.length ? { actions } : {}),
      ...(json.sequence_id ? { sequence_id: String(json.sequence_id) } : {}),
      received_at: performance.now(),
    };
    this.published.push(message);
    const { received_at: _, ...wire } = message;
    send(res, 200, wire);
    for (const s of this.streams) if (s.topic === topic) s.res.write(`${JSON.stringify(wire)}\n`);
    for (const w of [...this.watchers]) w();
  }

  private subscribe(topic: string, params: URLSearchParams, res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8' });
    res.write(`${JSON.stringify({ id: 'open', time: Math.floor(Date.now() / 1000), event: 'open', topic })}\n`);
    const since = params.get('since');
    const onTopic = this.published.filter((m) => m.topic === topic);
    const after = since === 'all' ? onTopic : since && /^\d+$/.test(since) ? onTopic.filter((m) => m.time >= Number(since)) : since ? onTopic.slice(onTopic.findIndex((m) => m.id === since) + 1) : [];
    for (const m of after) {
      const { received_at: _, ...wire } = m;
      res.write(`${JSON.stringify(wire)}\n`);
    }
    const stream = { topic, res };
    this.streams.add(stream);
    res.on('close', () => this.streams.delete(stream));
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' }).end(`${JSON.stringify(body)}\n`);
}
