import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliLauncher } from '../../server/package-info.js';
import { MAX_MCP_LINE_BYTES } from '../../server/mcp/line-limited-stdio.js';
import { makeTempHome, testEnv } from '../support/test-hub.js';
import { rm } from 'node:fs/promises';
import { runCli } from '../support/run-cli.js';

/** `gatehouse mcp` driven over raw stdio, so that lines no SDK client would send can be sent. */
class RawMcp {
  private buffered = '';
  private readonly waiting: Array<{ match: (m: any) => boolean; resolve: (m: any) => void }> = [];
  readonly received: any[] = [];
  constructor(readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      this.buffered += text;
      let nl: number;
      while ((nl = this.buffered.indexOf('\n')) >= 0) {
        const message = JSON.parse(this.buffered.slice(0, nl));
        this.buffered = this.buffered.slice(nl + 1);
        this.received.push(message);
        for (const w of [...this.waiting]) if (w.match(message)) {
          this.waiting.splice(this.waiting.indexOf(w), 1);
          w.resolve(message);
        }
      }
    });
  }
  write(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }
  next(match: (m: any) => boolean): Promise<any> {
    const seen = this.received.find(match);
    return seen ? Promise.resolve(seen) : new Promise((resolve) => this.waiting.push({ match, resolve }));
  }
  async request(id: number, method: string, params: object = {}): Promise<any> {
    this.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    return this.next((m) => m.id === id);
  }
}

describe('gatehouse mcp with hostile input', () => {
  let home: string;
  let mcp: RawMcp;
  beforeAll(async () => {
    home = await makeTempHome();
    mcp = new RawMcp(spawn(process.execPath, [cliLauncher, 'mcp'], { env: testEnv(home), stdio: ['pipe', 'pipe', 'pipe'] }));
    await mcp.request(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } });
    mcp.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  });
  afterAll(async () => {
    mcp.child.kill();
    // The MCP process started a hub of its own in this home (detached, never idle-exiting in tests): stop it.
    await runCli(['stop'], testEnv(home)).code;
    await rm(home, { recursive: true, force: true });
  });

  it('answers a line over the size limit with an error naming the limit, then keeps serving', async () => {
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'provide_choice', arguments: { prompt: 'x'.repeat(MAX_MCP_LINE_BYTES + 1024), options: [{ id: 'a', label: 'A' }] } } });
    mcp.write(huge);
    const refused = await mcp.next((m) => m.id === 7);
    expect(refused.error.code).toBe(-32600);
    expect(refused.error.message).toContain(`over the limit of ${MAX_MCP_LINE_BYTES} bytes (10 MiB)`);
    const listed = await mcp.request(8, 'tools/list');
    expect(listed.result.tools.map((t: { name: string }) => t.name)).toContain('provide_choice');
  });

  it('answers a line that is not JSON with a parse error, then keeps serving', async () => {
    mcp.write('this is not json {');
    const refused = await mcp.next((m) => m.error?.code === -32700);
    expect(refused.id).toBeNull();
    expect(refused.error.message).toMatch(/not a JSON-RPC message/);
    expect((await mcp.request(9, 'tools/list')).result.tools.length).toBeGreaterThan(0);
  });

  it('answers a JSON line that is not a JSON-RPC message with a parse error naming the field, then keeps serving', async () => {
    mcp.write('{"jsonrpc":"2.0","id":21,"method":7}');
    const refused = await mcp.next((m) => m.id === 21);
    expect(refused.error).toEqual({ code: -32700, message: 'parse error: the line is not a JSON-RPC message (method: must be a string)' });
    expect((await mcp.request(22, 'ping')).result).toEqual({});
  });

  it('refuses an argument nested too deep by name instead of "Maximum call stack size exceeded"', async () => {
    const deep = '['.repeat(150_000) + '"x"' + ']'.repeat(150_000); // what no SDK client can serialise, sent raw
    mcp.write(`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"provide_choice","arguments":{"prompt":${deep},"options":[{"id":"a","label":"A"}]}}}`);
    const answer = await mcp.next((m) => m.id === 10);
    expect(answer.result.isError).toBe(true);
    expect(answer.result.content[0].text).toBe('provide_choice: prompt: nested more than 64 levels deep; send plain values (a string for prompt, a list of {id, label} for options)');
  });

  it('refuses unknown fields with "did you mean", on a start and on a poll', async () => {
    const start = await mcp.request(11, 'tools/call', { name: 'provide_choice', arguments: { prompt: 'p', options: [{ id: 'a', label: 'A' }], timeout_second: 30, allow_freetext: true } });
    expect(start.result.isError).toBe(true);
    expect(start.result.content[0].text).toContain('timeout_second: unknown field — did you mean "timeout_seconds"?');
    expect(start.result.content[0].text).toContain('allow_freetext: unknown field — did you mean "allow_free_text"?');
    const poll = await mcp.request(12, 'tools/call', { name: 'provide_choice', arguments: { session_id: 'ch_x', wait_second: 5 } });
    expect(poll.result.content[0].text).toContain('wait_second: unknown field — did you mean "wait_seconds"?');
  });
});
