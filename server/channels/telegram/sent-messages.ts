import { Low } from 'lowdb';
import { DurableJsonFile } from '../../store/durable-json-file.js';

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
 * final edit still work after a hub restart. A lowdb document (DurableJsonFile: fsynced temp file, rename, folder
 * fsynced), written a moment after each change. A file that is not JSON is started over (it only maps messages).
 */
export class SentMessages {
  private readonly bySession = new Map<string, SentMessage>();
  private saving: Promise<void> = Promise.resolve();
  private dirty = false;
  private readonly db: Low<SentMessage[]>;

  constructor(
    file: string,
    private readonly onError: (err: unknown) => void,
  ) {
    this.db = new Low<SentMessage[]>(new DurableJsonFile(file), []);
  }

  async load(): Promise<void> {
    try {
      await this.db.read();
    } catch (err) {
      if (!(err instanceof SyntaxError)) throw err;
    }
    const list = Array.isArray(this.db.data) ? this.db.data : [];
    for (const m of list) if (m && typeof m.sessionId === 'string' && typeof m.messageId === 'number') this.bySession.set(m.sessionId, m);
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
      this.db.data = this.all();
      await this.db.write();
    }).catch(this.onError);
  }
}
