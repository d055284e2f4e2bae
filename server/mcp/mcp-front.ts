import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { HandshakeSnapshot } from './handshake-snapshot.js';
import { MessageBridge } from './message-bridge.js';

type Id = string | number;
type Message = JSONRPCMessage & { id?: Id; method?: string; params?: Record<string, unknown> };
/** What the front needs of the SDK server it hands over to (McpServer). */
export interface LoadedServer {
  connect(transport: Transport): Promise<void>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The first thing a client talks to in `gatehouse mcp`. Every agent starts one of these processes at launch and
 * most never call a tool, so the handshake — initialize, notifications/initialized, tools/list, ping — is answered
 * from the build's snapshot of the SDK server's own answers, without the SDK, zod or the tools loaded. The first
 * other message loads the real server (`load`); the front replays the handshake to it (its answers are dropped, the
 * client has them), then hands it that message, the ones that came while it loaded, and every later one.
 */
export class McpFront {
  private initialize: Message | null = null;
  private initialized: Message | null = null;
  private readonly waiting: Message[] = [];
  private loading = false;
  private bridge: MessageBridge | null = null;

  constructor(
    private readonly stdio: Transport,
    private readonly snapshot: HandshakeSnapshot,
    private readonly load: () => Promise<LoadedServer>,
    private readonly onLoadFailure: (err: Error) => void,
  ) {}

  /** Takes every message from the client (set as the stdio transport's onmessage). */
  take(message: JSONRPCMessage): void {
    if (this.bridge) return this.bridge.deliver(message);
    if (!this.loading && this.answer(message as Message)) return;
    this.waiting.push(message as Message);
    if (!this.loading) void this.handOver();
  }

  close(): void {
    void this.bridge?.close();
  }

  /** Answers a handshake message from the snapshot; false for anything else. */
  private answer(message: Message): boolean {
    const { id, method, params } = message;
    if (method === 'notifications/initialized' && id === undefined && this.initialize) {
      this.initialized = message;
      return true;
    }
    if (id === undefined) return false;
    if (method === 'initialize' && !this.initialize && isInitializeParams(params)) {
      this.initialize = message;
      return this.reply(id, this.snapshot.initialize[params.protocolVersion] ?? this.snapshot.otherVersion);
    }
    if (method === 'tools/list' && params?.cursor === undefined) return this.reply(id, this.snapshot.toolsList);
    if (method === 'ping') return this.reply(id, {});
    return false;
  }

  private reply(id: Id, result: Record<string, unknown>): true {
    void this.stdio.send({ jsonrpc: '2.0', id, result } as JSONRPCMessage);
    return true;
  }

  private async handOver(): Promise<void> {
    this.loading = true;
    try {
      const server = await this.load();
      const bridge = new MessageBridge((message) => this.stdio.send(message));
      await server.connect(bridge);
      if (this.initialize) await bridge.replay(this.initialize as JSONRPCMessage & { id: Id });
      if (this.initialized) bridge.deliver(this.initialized);
      this.bridge = bridge;
      for (const message of this.waiting.splice(0)) bridge.deliver(message);
    } catch (err) {
      // Nothing can be served without the server: say so to every waiting request; the next message tries again.
      this.onLoadFailure(err as Error);
      for (const { id } of this.waiting.splice(0)) {
        if (id !== undefined) void this.stdio.send({ jsonrpc: '2.0', id, error: { code: -32603, message: `gatehouse mcp could not load its MCP server: ${(err as Error).message}` } } as JSONRPCMessage);
      }
    } finally {
      this.loading = false;
    }
  }
}

function isInitializeParams(params: unknown): params is { protocolVersion: string } {
  return isObject(params) && typeof params.protocolVersion === 'string' && isObject(params.capabilities) && isObject(params.clientInfo) && typeof params.clientInfo.name === 'string' && typeof params.clientInfo.version === 'string';
}
