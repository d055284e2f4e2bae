import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A call the hub made to the Bot API, as the stand-in received it. */
export interface RecordedCall {
  method: string;
  /** The call's parameters; `error` when the stand-in refused it. */
  params: Record<string, any>;
  at: number;
}

/** A message the bot sent, as the chat shows it now. */
export interface ChatMessage {
  message_id: number;
  chat_id: string;
  /** The HTML the bot sent. */
  html: string;
  /** What the person reads: tags removed, entities decoded. */
  text: string;
  buttons: Array<{ text: string; callback_data: string }>;
}

export interface TelegramPerson {
  chatId: number;
  userId: number;
}

const TELEGRAM_TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 'ins', 's', 'strike', 'del', 'a', 'code', 'pre', 'blockquote', 'span', 'tg-spoiler']);

/**
 * A local stand-in for the Telegram Bot API (https://core.telegram.org/bots/api) on 127.0.0.1, for tests and the
 * bench: getMe, getUpdates (long poll with offsets), sendMessage, editMessageText, answerCallbackQuery,
 * deleteWebhook. It records every call, keeps the chat's messages, checks what Telegram checks (token, HTML
 * tags, 4096 characters, 64-byte button data, "message is not modified"), and lets a test act as the person:
 * tap a button, reply to a message. It can go down (connection refused) and come back on the same port, or
 * answer every call with a server error, or leave calls hanging.
 */
export class TelegramBotApiStandin {
  readonly calls: RecordedCall[] = [];
  readonly messages = new Map<number, ChatMessage>();
  /** When each update was handed to a getUpdates answer (performance.now()). */
  readonly deliveredAt = new Map<number, number>();
  private readonly updates: Array<{ update_id: number; [key: string]: unknown }> = [];
  private readonly pollers = new Set<{ offset: number; respond: () => void }>();
  private readonly callWatchers = new Set<() => void>();
  private readonly sockets = new Set<Socket>();
  private server: Server | null = null;
  private port = 0;
  private nextUpdateId = 1;
  private nextMessageId = 100;
  private failing: number | null = null;
  private hanging = false;

  private constructor(
    readonly token: string,
    readonly owner: TelegramPerson,
  ) {}

  static async start(opts: { token?: string; owner?: TelegramPerson } = {}): Promise<TelegramBotApiStandin> {
    const standin = new TelegramBotApiStandin(opts.token ?? '123456:standin-token-aaaaaaaaaaaaaaaaaaaa', opts.owner ?? { chatId: 4242, userId: 4242 });
    await standin.up();
    return standin;
  }

  get apiRoot(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Listens (again, on the same port after down()). */
  async up(): Promise<void> {
    if (this.server) return;
    const server = createServer((req, res) => void this.handle(req, res));
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Goes away: open connections are cut, new ones refused. */
  async down(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    this.pollers.clear();
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Answers every call with this HTTP error (e.g. 502) until failWith(null). */
  failWith(status: number | null): void {
    this.failing = status;
  }

  /** While true, calls other than getUpdates get no answer at all (a Bot API that hangs). */
  hang(on: boolean): void {
    this.hanging = on;
  }

  async stop(): Promise<void> {
    await this.down();
  }

  /** Resolves with the first call of `method` (after `from` calls) matching `match`, now or when it comes. */
  waitForCall(method: string, match: (params: Record<string, any>) => boolean = () => true, from = 0): Promise<RecordedCall> {
    return new Promise((resolve) => {
      const check = () => {
        const call = this.calls.slice(from).find((c) => c.method === method && match(c.params));
        if (!call) return false;
        this.callWatchers.delete(watcher); // watchers stay until satisfied
        resolve(call);
        return true;
      };
      const watcher = () => void check();
      if (!check()) this.callWatchers.add(watcher);
    });
  }

  /** Resolves once a message in the chat satisfies `match` (checked after every call). */
  async waitForMessage(match: (m: ChatMessage) => boolean): Promise<ChatMessage> {
    for (;;) {
      const found = [...this.messages.values()].find(match);
      if (found) return found;
      await new Promise<void>((resolve) => {
        const once = () => {
          this.callWatchers.delete(once);
          resolve();
        };
        this.callWatchers.add(once);
      });
    }
  }

  /** The person taps an inline button of a message. Returns the callback query's id (for its toast). */
  tap(messageId: number, callbackData: string, who: TelegramPerson = this.owner): string {
    const message = this.messages.get(messageId);
    const id = `cq${this.nextUpdateId}`;
    this.push({
      callback_query: {
        id,
        from: { id: who.userId, is_bot: false, first_name: 'Person' },
        chat_instance: 'standin',
        data: callbackData,
        message: { message_id: messageId, date: now(), chat: { id: who.chatId, type: 'private' }, text: message?.text ?? '' },
      },
    });
    return id;
  }

  /** Taps the button whose label contains `label`. */
  tapLabel(messageId: number, label: string, who: TelegramPerson = this.owner): string {
    const button = this.messages.get(messageId)?.buttons.find((b) => b.text.includes(label));
    if (!button) throw new Error(`message ${messageId} has no button "${label}"`);
    return this.tap(messageId, button.callback_data, who);
  }

  /** The person replies to a message with text. */
  reply(messageId: number, text: string, who: TelegramPerson = this.owner): void {
    const chat = { id: who.chatId, type: 'private' };
    this.push({
      message: {
        message_id: this.nextMessageId++,
        date: now(),
        chat,
        from: { id: who.userId, is_bot: false, first_name: 'Person' },
        text,
        reply_to_message: { message_id: messageId, date: now(), chat, text: this.messages.get(messageId)?.text ?? '' },
      },
    });
  }

  private push(update: Record<string, unknown>): void {
    this.updates.push({ update_id: this.nextUpdateId++, ...update });
    for (const poller of [...this.pollers]) poller.respond();
  }

  private record(method: string, params: Record<string, any>): void {
    this.calls.push({ method, params, at: performance.now() });
    for (const watcher of [...this.callWatchers]) watcher();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(new URL(req.url ?? '/', 'http://x').pathname);
    const params = await readParams(req);
    if (!match) return send(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    if (this.failing) return send(res, this.failing, { ok: false, error_code: this.failing, description: 'Bad Gateway' });
    if (match[1] !== this.token) return send(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
    const method = match[2];
    if (this.hanging && method !== 'getUpdates') return this.record(method, { ...params, error: 'left hanging' });
    let error: string | undefined;
    try {
      const result = this.answer(method, params, res);
      if (result !== undefined) send(res, 200, { ok: true, result });
    } catch (err) {
      error = `Bad Request: ${(err as Error).message}`;
      send(res, 400, { ok: false, error_code: 400, description: error });
    }
    if (method !== 'getUpdates') this.record(method, error ? { ...params, error } : params);
  }

  /** The result of a method, or undefined when the answer comes later (a long poll). */
  private answer(method: string, params: Record<string, any>, res: ServerResponse): unknown {
    switch (method) {
      case 'getMe':
        return { id: 777, is_bot: true, first_name: 'Gatehouse stand-in', username: 'gatehouse_standin_bot' };
      case 'deleteWebhook':
        return true;
      case 'getUpdates':
        return this.getUpdates(params, res);
      case 'sendMessage': {
        const message = this.store(this.nextMessageId++, params);
        return { message_id: message.message_id, date: now(), chat: { id: Number(params.chat_id), type: 'private' }, text: message.text };
      }
      case 'editMessageText': {
        const existing = this.messages.get(Number(params.message_id));
        if (!existing || existing.chat_id !== String(params.chat_id)) throw new Error('message to edit not found');
        const before = JSON.stringify([existing.html, existing.buttons]);
        const updated = this.store(existing.message_id, params);
        if (JSON.stringify([updated.html, updated.buttons]) === before) throw new Error('message is not modified: specified new message content and reply markup are exactly the same');
        return { message_id: updated.message_id, date: now(), chat: { id: Number(params.chat_id), type: 'private' }, text: updated.text };
      }
      case 'answerCallbackQuery':
        return true;
      default:
        throw new Error(`method ${method} is not part of the stand-in`);
    }
  }

  private getUpdates(params: Record<string, any>, res: ServerResponse): unknown {
    const offset = Number(params.offset ?? 0);
    while (this.updates.length && this.updates[0].update_id < offset) this.updates.shift();
    const ready = () => this.updates.filter((u) => u.update_id >= offset);
    const deliver = (list: typeof this.updates) => {
      const at = performance.now();
      for (const u of list) if (!this.deliveredAt.has(u.update_id)) this.deliveredAt.set(u.update_id, at);
      return list;
    };
    if (ready().length || !Number(params.timeout)) return deliver(ready());
    const poller = {
      offset,
      respond: () => {
        this.pollers.delete(poller);
        clearTimeout(timer);
        send(res, 200, { ok: true, result: deliver(ready()) });
      },
    };
    const timer = setTimeout(poller.respond, Number(params.timeout) * 1000);
    res.on('close', () => {
      this.pollers.delete(poller);
      clearTimeout(timer);
    });
    this.pollers.add(poller);
    return undefined;
  }

  /** Checks a message as Telegram would and keeps it as the chat shows it. */
  private store(messageId: number, params: Record<string, any>): ChatMessage {
    const html = String(params.text ?? '');
    if (params.parse_mode !== 'HTML') throw new Error('the stand-in expects parse_mode HTML');
    for (const [, tag] of html.matchAll(/<\/?([a-z-]+)[^>]*>/g)) if (!TELEGRAM_TAGS.has(tag)) throw new Error(`can't parse entities: unsupported start tag "${tag}"`);
    const text = html.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    if (text.length > 4096) throw new Error('message is too long');
    const buttons = ((params.reply_markup?.inline_keyboard ?? []) as Array<Array<{ text: string; callback_data: string }>>).flat();
    for (const b of buttons) if (Buffer.byteLength(b.callback_data) > 64) throw new Error('BUTTON_DATA_INVALID');
    const message: ChatMessage = { message_id: messageId, chat_id: String(params.chat_id), html, text, buttons };
    this.messages.set(messageId, message);
    return message;
  }
}

async function readParams(req: IncomingMessage): Promise<Record<string, any>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  const query = Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams);
  if (!body) return query;
  return { ...query, ...(JSON.parse(body) as Record<string, any>) };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}
