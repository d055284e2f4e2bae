// The front answers the MCP handshake from the recorded snapshot exactly as the SDK server would, without loading
// it, and hands everything else to the real server — which then knows the client as if it had done the handshake.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { McpFront } from './mcp-front.js';
import { createMcpServer } from './mcp-tools-server.js';
import { recordHandshake } from './write-handshake-snapshot.js';

const deps = { hub: () => Promise.reject(new Error('no hub in this test')), log: pino({ enabled: false }) };
const snapshot = await recordHandshake();

/** A client connected to a front whose `load` builds the real server (counted), or fails while `failLoads` > 0. */
async function frontWithClient(opts: { failLoads?: number } = {}) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const loaded: McpServer[] = [];
  let failLoads = opts.failLoads ?? 0;
  const failures: string[] = [];
  const front = new McpFront(serverSide, snapshot, async () => {
    if (failLoads-- > 0) throw new Error('the SDK is missing');
    const server = createMcpServer(deps);
    loaded.push(server);
    return server;
  }, (err) => failures.push(err.message));
  serverSide.onmessage = (message) => front.take(message);
  await serverSide.start();
  const client = new Client({ name: 'front-test', version: '1.2.3' }, { capabilities: { roots: {} } });
  await client.connect(clientSide);
  return { client, loaded, failures };
}

/** The same client talking to the SDK server directly: what the front must answer. */
async function directClient() {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(deps).connect(serverSide);
  const client = new Client({ name: 'front-test', version: '1.2.3' }, { capabilities: { roots: {} } });
  await client.connect(clientSide);
  return client;
}

describe('McpFront', () => {
  it('answers initialize, tools/list and ping as the SDK server does, without loading it', async () => {
    const { client, loaded } = await frontWithClient();
    const direct = await directClient();
    expect(client.getServerVersion()).toEqual(direct.getServerVersion());
    expect(client.getServerCapabilities()).toEqual(direct.getServerCapabilities());
    expect(await client.listTools()).toEqual(await direct.listTools());
    expect(await client.ping()).toEqual({});
    expect(loaded).toHaveLength(0);
  });

  it('loads the server on the first tool call, once, and the server knows the client from the replayed handshake', async () => {
    const { client, loaded } = await frontWithClient();
    const calls = await Promise.all([1, 2, 3].map(() => client.callTool({ name: 'provide_choice', arguments: { session_id: 'ch_x' } })));
    for (const result of calls) expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: 'provide_choice: no hub in this test' }] });
    expect(loaded).toHaveLength(1);
    expect(loaded[0].server.getClientVersion()).toEqual({ name: 'front-test', version: '1.2.3' });
    expect(loaded[0].server.getClientCapabilities()).toEqual({ roots: {} });
    // After the hand-over the server itself answers, the same as the snapshot did.
    expect(await client.listTools()).toEqual(await (await directClient()).listTools());
  });

  it('answers the waiting requests with an error naming why the server could not load, and tries again on the next', async () => {
    const { client, loaded, failures } = await frontWithClient({ failLoads: 1 });
    await expect(client.callTool({ name: 'provide_choice', arguments: {} })).rejects.toThrow('gatehouse mcp could not load its MCP server: the SDK is missing');
    expect(failures).toEqual(['the SDK is missing']);
    expect(await client.callTool({ name: 'provide_choice', arguments: { session_id: 'ch_x' } })).toMatchObject({ isError: true });
    expect(loaded).toHaveLength(1);
  });
});
