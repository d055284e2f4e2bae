// One model API's wire format, as a stand-in needs it: which requests are the conversation, how many
// assistant turns a request's history holds, which tools it offers, what tool results it carries back, and
// how to write a reply (streamed or not).
import type { ServerResponse } from 'node:http';
import type { ToolCall, ToolResultSeen } from './script.js';

export type Reply = { text: string } | ToolCall;

export interface WireFormat {
  readonly api: string;
  /** The conversation request (it offers tools) rather than a side request (titles, routing, token counts). */
  isConversation(path: string, body: any): boolean;
  /** One signature (see signatureOf) per assistant message in the request's history. */
  assistantSignatures(body: any): string[];
  offeredTools(body: any): string[];
  /** Tool results in the request's newest message(s): what the CLI handed the model. */
  toolResults(body: any): ToolResultSeen[];
  reply(res: ServerResponse, path: string, body: any, reply: Reply, turn: number): void;
  /** Answer to anything that is not the conversation: short, valid, and never advancing the script. */
  sideReply(res: ServerResponse, path: string, body: any): void;
}

export function writeSse(res: ServerResponse, events: Array<{ event?: string; data: unknown }>, tail = ''): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'close' });
  for (const e of events) res.write(`${e.event ? `event: ${e.event}\n` : ''}data: ${JSON.stringify(e.data)}\n\n`);
  res.end(tail);
}

export function writeJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Text of a content value that may be a string or a list of typed parts. */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p) => (typeof p === 'string' ? p : (p?.text ?? JSON.stringify(p)))).join('');
  return content === undefined ? '' : JSON.stringify(content);
}
