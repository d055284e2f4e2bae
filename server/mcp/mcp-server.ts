import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ensureHub } from '../hub-client/ensure-hub.js';
import type { HubClient } from '../hub-client/hub-client.js';
import type { Logger } from '../logging/logger.js';
import { packageVersion } from '../package-info.js';
import { toolModules } from './tool-list.js';
import { LineLimitedStdioTransport } from './line-limited-stdio.js';
import { lazyJsonSchemaValidator } from './lazy-json-schema-validator.js';

/**
 * The `gatehouse mcp` server: a thin stdio client of the shared hub. The hub is found or started as the server
 * starts, and looked up again if it went away (it may have idled out or restarted on another port).
 */
export async function runMcpServer(log: Logger, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const server = new McpServer({ name: 'gatehouse', version: packageVersion }, { capabilities: { logging: {} }, jsonSchemaValidator: lazyJsonSchemaValidator() });
  // The hub is looked for (and started) while the client does its MCP handshake, so the first tool call
  // finds it ready. A failure here is not final: the first tool call tries again and reports why.
  let starting: Promise<HubClient | null> | null = ensureHub({ env }).catch((err) => {
    log.warn({ err: (err as Error).message }, 'the hub could not be started ahead of the first tool call');
    return null;
  });
  let cached: HubClient | null = null;
  const hub = async () => {
    if (starting) {
      cached = await starting;
      starting = null;
      if (cached) return cached;
    }
    if (cached && (await cached.healthy(1000))) return cached;
    cached = await ensureHub({ env });
    return cached;
  };
  for (const mod of toolModules) mod.register(server, { hub, log });
  server.server.onerror = (err) => log.warn({ err: err.message }, 'mcp: a message could not be handled');
  const transport = new LineLimitedStdioTransport();
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
  await server.connect(transport);
  log.info('mcp server ready on stdio');
  await closed;
}
