// A scripted stand-in of a model API on 127.0.0.1: plays a ScriptStep per assistant turn and records every
// request, so a test can assert exactly what the CLI sent back (tool results, the prompt, the tools offered).
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deferredMcpTools, signatureOf, stepFor, TOOL_SEARCH, type ScriptStep, type ToolResultSeen } from './script.js';
import type { WireFormat } from './wire-format.js';
import { writeJson } from './wire-format.js';

export interface RecordedRequest {
  method: string;
  path: string;
  conversation: boolean;
  /** When the request arrived (Date.now()). */
  at: number;
  /** For conversation requests: the assistant turns in the history (= the script step played). */
  turn?: number;
  toolResults: ToolResultSeen[];
  /** What the stand-in answered: text, a tool call, or an error message when the script could not be played. */
  answered?: unknown;
  body: any;
  /** The request's headers (the API key the CLI sent is in one). */
  headers: Record<string, string | string[] | undefined>;
}

export interface ModelStandin {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Every tool result the CLI sent back, in order. */
  toolResultsSeen(): ToolResultSeen[];
  /** Resolves once a recorded request satisfies `predicate` (checked on each new request). */
  waitFor(predicate: (r: RecordedRequest, all: RecordedRequest[]) => boolean, what: string, timeoutMs?: number): Promise<RecordedRequest>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export interface StandinOptions {
  /** Awaited before a conversation turn is answered: lets a caller hold the model "working" on that turn. */
  beforeReply?: (turn: number) => Promise<void>;
}

export async function startModelStandin(format: WireFormat, script: ScriptStep[], options: StandinOptions = {}): Promise<ModelStandin> {
  const requests: RecordedRequest[] = [];
  const written = new Set<string>();
  const waiters = new Set<() => void>();
  const server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const body = await readBody(req);
    const conversation = req.method === 'POST' && format.isConversation(path, body);
    const record: RecordedRequest = { method: req.method ?? 'GET', path, conversation, at: Date.now(), toolResults: [], body, headers: req.headers };
    const recorded = () => {
      requests.push(record);
      for (const w of waiters) w();
    };
    try {
      if (!conversation) {
        recorded();
        if (req.method !== 'POST') writeJson(res, 200, {});
        else format.sideReply(res, path, body);
        return;
      }
      // A tool_search call loads a tool the script wants next; it does not advance the script.
      record.turn = format.assistantSignatures(body).filter((s) => written.has(s) && !s.startsWith(`call:${TOOL_SEARCH}:`)).length;
      record.toolResults = format.toolResults(body);
      const offered = format.offeredTools(body);
      const reply = stepFor(script, record.turn, offered, record.toolResults, deferredMcpTools(body, offered));
      record.answered = reply;
      written.add(signatureOf(reply));
      recorded();
      await options.beforeReply?.(record.turn);
      format.reply(res, path, body, reply, record.turn);
    } catch (err) {
      record.answered = { error: String(err) };
      if (!requests.includes(record)) recorded();
      if (!res.headersSent) writeJson(res, 400, { error: { type: 'invalid_request_error', message: String(err) } });
      else res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    toolResultsSeen: () => requests.flatMap((r) => r.toolResults),
    waitFor(predicate, what, timeoutMs = 120_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = requests.find((r) => predicate(r, requests));
          if (!hit) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          const seen = requests.map((r) => `${r.method} ${r.path}${r.conversation ? ` turn ${r.turn}` : ''}`).join('; ');
          reject(new Error(`model stand-in (${format.api}): no request where ${what} (seen: ${seen || 'none'})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
