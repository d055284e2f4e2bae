import { sharedHub } from '../hub-client/shared-hub.js';
import type { Logger } from '../logging/logger.js';
import { readHandshakeSnapshot } from './handshake-snapshot.js';
import { LineLimitedStdioTransport } from './line-limited-stdio.js';
import { McpFront, type LoadedServer } from './mcp-front.js';

/**
 * The `gatehouse mcp` server: a thin stdio client of the shared hub (see shared-hub.ts), which it finds or starts at
 * once, while the client does its handshake. Until a message needs them, the MCP SDK and the tools stay unloaded:
 * the handshake is answered from the build's snapshot (mcp-front.ts). Without a snapshot the server loads at once.
 */
export async function runMcpServer(log: Logger, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const hub = sharedHub(env, (err) => log.warn({ err: err.message }, 'the hub could not be started ahead of the first tool call'));
  const load = async (): Promise<LoadedServer> => {
    await hub.startUnderWay; // loading the SDK blocks this process for a while: spawn the hub first
    return (await import('./mcp-tools-server.js')).createMcpServer({ hub, log });
  };
  const stdio = new LineLimitedStdioTransport();
  const closed = new Promise<void>((resolve) => (stdio.onclose = resolve));
  stdio.onerror = (err) => log.warn({ err: err.message }, 'mcp: a message could not be read');
  const snapshot = readHandshakeSnapshot(new URL(import.meta.url));
  if (snapshot) {
    const front = new McpFront(stdio, snapshot, load, (err) => log.error({ err: err.message }, 'mcp: the MCP server could not be loaded'));
    stdio.onmessage = (message) => front.take(message);
    await stdio.start();
    await closed;
    front.close();
  } else {
    await (await load()).connect(stdio);
    await closed;
  }
}
