// Build step (`npm run build`, after tsc and rolldown): records what the SDK server answers to the MCP handshake in
// dist/mcp-handshake.json, so `gatehouse mcp` can answer it without loading the SDK (see mcp-front.ts).
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { packageVersion } from '../package-info.js';
import { handshakeSnapshotPath, type HandshakeSnapshot } from './handshake-snapshot.js';
import { MessageBridge } from './message-bridge.js';
import { createMcpServer } from './mcp-tools-server.js';

/** A version no SDK supports: its answer is what any version not in the list gets. */
const OTHER_VERSION = '1970-01-01';

export async function recordHandshake(): Promise<HandshakeSnapshot> {
  const server = createMcpServer({ hub: () => Promise.reject(new Error('no hub while recording the handshake')), log: pino({ enabled: false }) });
  const bridge = new MessageBridge(async (message) => {
    throw new Error(`the server sent ${JSON.stringify(message).slice(0, 200)} while recording its handshake`);
  });
  await server.connect(bridge);
  let id = 0;
  const ask = async (method: string, params: Record<string, unknown>) => {
    const answer = (await bridge.replay({ jsonrpc: '2.0', id: ++id, method, params })) as JSONRPCMessage & { result?: Record<string, unknown>; error?: unknown };
    if (!answer.result) throw new Error(`${method} was answered with ${JSON.stringify(answer)}`);
    return answer.result;
  };
  const initialize = (protocolVersion: string) => ask('initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 'gatehouse-build', version: packageVersion } });
  const snapshot: HandshakeSnapshot = { version: packageVersion, initialize: {}, otherVersion: await initialize(OTHER_VERSION), toolsList: await ask('tools/list', {}) };
  for (const version of SUPPORTED_PROTOCOL_VERSIONS) snapshot.initialize[version] = await initialize(version);
  await server.close();
  return snapshot;
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  writeFileSync(handshakeSnapshotPath, `${JSON.stringify(await recordHandshake(), null, 1)}\n`);
}
