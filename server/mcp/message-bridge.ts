import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

type Id = string | number;
const responseId = (message: JSONRPCMessage): Id | undefined => ('result' in message || 'error' in message ? (message as { id: Id }).id : undefined);

/**
 * An in-process transport to an SDK server: messages are handed to it with `deliver`, and what it sends goes to
 * `sink` — except the answer to a message handed over with `replay`, which the caller gets instead (the client was
 * already answered, from the handshake snapshot).
 */
export class MessageBridge implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly replays = new Map<Id, (answer: JSONRPCMessage) => void>();

  constructor(private readonly sink: (message: JSONRPCMessage) => Promise<void>) {}

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    const id = responseId(message);
    const replayed = id === undefined ? undefined : this.replays.get(id);
    if (replayed) {
      this.replays.delete(id!);
      replayed(message);
      return;
    }
    await this.sink(message);
  }

  deliver(message: JSONRPCMessage): void {
    this.onmessage?.(message);
  }

  /** Hands a request over again and resolves with the server's answer, which is not sent on. */
  replay(request: JSONRPCMessage & { id: Id }): Promise<JSONRPCMessage> {
    return new Promise((resolve) => {
      this.replays.set(request.id, resolve);
      this.deliver(request);
    });
  }

  async close(): Promise<void> {
    this.onclose?.();
  }
}
