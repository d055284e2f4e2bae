import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** One gate's message in the chat, and what it last showed (so it is edited only when that changes). */
export interface SentMessage {
  sessionId: string;
  chatId: string;
  messageId: number;
  /** The text + buttons the chat shows now. */
  shown: string;
  /** The message shows the gate's end and has no buttons left. */
  final: boolean;
}

/**
 * Which Telegram message shows which gate, kept in <data dir>/telegram-messages.json so taps, replies and the
 * final edit still work after a hub restart. Written atomically, a moment after each change.
 */
export class SentMessages {
  private readonly bySession = new Map<string, SentMessage>();
  private saving: Promise<void> = Promise.resolve();
  private dirty = false;

  constructor(
    private readonly file: string,
    private readonly onError: (err: unknown) => void,
  ) {}

  async load(): Promise<void> {
    try {
      const list = JSON.parse(await readFile(this.file, 'utf8')) as SentMessage[];
      for (const m of list) if (m && typeof m.sessionId === 'string' && typeof m.messageId === 'number') this.bySession.set(m.sessionId, m);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' && !(err instanceof SyntaxError)) throw err;
    }
  }

  get(sessionId: string): SentMessage | undefined {
    return this.bySession.get(sessionId);
  }

  /** The gate a message shows (for replies to it). */
  byMessage(chatId: string, messageId: number): SentMessage | undefined {
    for (const m of this.bySession.values()) if (m.messageId === messageId && m.chatId === chatId) return m;
    return undefined;
  }

  all(): SentMessage[] {
    return [...this.bySession.values()];
  }

  set(message: SentMessage): void {
    this.bySession.set(message.sessionId, message);
    this.save();
  }

  delete(sessionId: string): void {
    if (this.bySession.delete(sessionId)) this.save();
  }

  /** Resolves once every change so far is on disk. */
  flush(): Promise<void> {
    return this.saving;
  }

  private save(): void {
    if (this.dirty) return;
    this.dirty = true;
    this.saving = this.saving.then(async () => {
      this.dirty = false;
      await mkdir(dirname(this.file), { recursive: true, mode: 0o700 });
      const tmp = `${this.file}.${process.pid}.tmp`;
      await writeFile(tmp, JSON.stringify(this.all()), { mode: 0o600 });
      await rename(tmp, this.file);
    }).catch(this.onError);
  }
}
