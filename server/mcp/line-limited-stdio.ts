import process from 'node:process';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { asJsonRpcMessage } from './json-rpc-shape.js';

/** The longest MCP message line accepted on stdin (bytes). Longer lines are answered with an error and dropped. */
export const MAX_MCP_LINE_BYTES = 10 * 1024 * 1024;
const LIMIT_MIB = MAX_MCP_LINE_BYTES / 1024 / 1024;

/**
 * MCP over stdio (newline-delimited JSON-RPC), like the SDK's StdioServerTransport, but one bad line never
 * stops the server: a line over the limit is skipped up to its newline and answered with a JSON-RPC error
 * naming the limit (with the request's id when it can be read from the line's start, so the caller's request
 * fails at once instead of timing out); a line that is not JSON-RPC gets a parse error. Then reading goes on.
 */
export class LineLimitedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private chunks: Buffer[] = [];
  private length = 0;
  /** Bytes of the current line were over the limit: drop until its newline. */
  private skipping: { head: string; bytes: number } | null = null;
  private readonly onData = (chunk: Buffer) => this.take(chunk);
  private readonly onError = (error: Error) => this.onerror?.(error);
  private readonly onEnd = () => void this.close();

  constructor(
    private readonly stdin: NodeJS.ReadableStream = process.stdin,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
    private readonly maxLineBytes = MAX_MCP_LINE_BYTES,
  ) {}

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onError);
    this.stdin.on('end', this.onEnd);
  }

  /** Resolves when stdout has drained; one for all the messages written while it was full (not a listener each). */
  private drained: Promise<void> | null = null;

  send(message: JSONRPCMessage): Promise<void> {
    if (this.stdout.write(`${JSON.stringify(message)}\n`)) return this.drained ?? Promise.resolve();
    this.drained ??= new Promise<void>((resolve) => this.stdout.once('drain', () => ((this.drained = null), resolve())));
    return this.drained;
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onError);
    this.stdin.off('end', this.onEnd);
    this.chunks = [];
    this.length = 0;
    this.onclose?.();
  }

  private take(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(10, start);
      const end = newline === -1 ? chunk.length : newline;
      this.addToLine(chunk.subarray(start, end));
      if (newline === -1) return;
      this.endLine();
      start = newline + 1;
    }
  }

  private addToLine(part: Buffer): void {
    if (part.length === 0) return;
    if (this.skipping) {
      this.skipping.bytes += part.length;
      return;
    }
    if (this.length + part.length > this.maxLineBytes) {
      const head = Buffer.concat([...this.chunks, part]).subarray(0, 2048).toString('utf8');
      this.skipping = { head, bytes: this.length + part.length };
      this.chunks = [];
      this.length = 0;
      return;
    }
    this.chunks.push(Buffer.from(part)); // a copy: the stream may reuse its chunk
    this.length += part.length;
  }

  private endLine(): void {
    if (this.skipping) {
      const { head, bytes } = this.skipping;
      this.skipping = null;
      this.reject(head, -32600, `message too large: a line of ${bytes} bytes is over the limit of ${this.maxLineBytes} bytes (${LIMIT_MIB} MiB) for one MCP message; it was dropped — send a shorter prompt`);
      return;
    }
    const line = Buffer.concat(this.chunks, this.length).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.length = 0;
    if (!line.trim()) return;
    let message: JSONRPCMessage;
    try {
      message = asJsonRpcMessage(JSON.parse(line));
    } catch (err) {
      this.onerror?.(err as Error);
      this.reject(line, -32700, `parse error: the line is not a JSON-RPC message (${(err as Error).message.split('\n')[0].slice(0, 200)})`);
      return;
    }
    this.onmessage?.(message);
  }

  /** Answers a line that could not be taken, with its id when the start of the line shows one. */
  private reject(head: string, code: number, message: string): void {
    const found = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")/.exec(head);
    let id: string | number | null = null;
    if (found) {
      try {
        id = JSON.parse(found[1]) as string | number;
      } catch {
        id = null;
      }
    }
    this.onerror?.(new Error(message));
    void this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage);
  }
}
