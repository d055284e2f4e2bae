import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * The floor gatehouse mcp is measured against in the same run, as the peer the goals name (mcp-feedback-enhanced,
 * a PyPI package) cannot be installed where only the npm registry is reached: the least a Node MCP server can do
 * for a first question. It answers the handshake by hand (no SDK) and a tool call with a page URL: with BASELINE_HUB
 * set, after one POST to that running server (warm: what gatehouse mcp does with a hub running); without, from an
 * HTTP server it starts in its own process on that call (cold: as mcp-feedback-enhanced serves its web UI from its
 * MCP process). Spawned as gatehouse mcp is (node <file>), so it pays the same Node start, NODE_EXTRA_CA_CERTS and all.
 */
const MCP_SCRIPT = String.raw`'use strict';
const http = require('node:http');
const hub = process.env.BASELINE_HUB;
const send = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\n');
let server = null;
let buffer = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (d) => {
  buffer += d;
  for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
    const line = buffer.slice(0, at);
    buffer = buffer.slice(at + 1);
    if (line.trim()) handle(JSON.parse(line));
  }
});
function handle(m) {
  if (m.method === 'initialize') return send({ id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'baseline', version: '0' } } });
  if (m.method === 'tools/list') return send({ id: m.id, result: { tools: [{ name: 'provide_choice', inputSchema: { type: 'object' } }] } });
  if (m.method === 'tools/call') return call(JSON.stringify(m.params.arguments)).then((url) => send({ id: m.id, result: { content: [{ type: 'text', text: url }], structuredContent: { url } } }));
  if (m.id !== undefined) send({ id: m.id, result: {} });
}
function call(body) {
  if (hub) return new Promise((resolve, reject) => {
    const req = http.request(hub, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve(JSON.parse(text).url));
    });
    req.on('error', reject);
    req.end(body);
  });
  server ??= new Promise((resolve) => {
    const s = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
    s.listen(0, '127.0.0.1', () => resolve(s));
  });
  return server.then((s) => 'http://127.0.0.1:' + s.address().port + '/q');
}
const PAGE = '<!doctype html><title>q</title><form method="post"><label><input type="radio" name="choice" value="a"> A</label><button>Submit</button></form>';
`;

/** A bare Node HTTP server standing for a running hub: POST → {url} of a page it serves; prints its port. */
const HUB_SCRIPT = String.raw`'use strict';
const http = require('node:http');
let n = 0;
const s = http.createServer((req, res) => {
  if (req.method === 'POST') { req.resume(); req.on('end', () => res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ url: 'http://127.0.0.1:' + s.address().port + '/q/' + ++n }))); return; }
  res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>q</title>');
});
s.listen(0, '127.0.0.1', () => process.stdout.write(s.address().port + '\n'));
`;

export interface BareNodeBaseline {
  /** The MCP server script: spawn `node <mcpScript>`. */
  mcpScript: string;
  /** Environment for a warm run: BASELINE_HUB points at the running bare server. */
  warmEnv: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

export async function startBareNodeBaseline(): Promise<BareNodeBaseline> {
  const dir = await mkdtemp(join(tmpdir(), 'gatehouse-baseline-'));
  const mcpScript = join(dir, 'mcp.cjs');
  const hubScript = join(dir, 'hub.cjs');
  await writeFile(mcpScript, MCP_SCRIPT);
  await writeFile(hubScript, HUB_SCRIPT);
  const hub: ChildProcess = spawn(process.execPath, [hubScript], { stdio: ['ignore', 'pipe', 'ignore'] });
  const port = await new Promise<string>((resolve) => createInterface({ input: hub.stdout! }).once('line', resolve));
  return {
    mcpScript,
    warmEnv: { ...process.env, BASELINE_HUB: `http://127.0.0.1:${port}/api/sessions` },
    async stop() {
      hub.kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
