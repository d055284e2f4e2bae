import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { sharedHub } from '../hub-client/shared-hub.js';
import type { Logger } from '../logging/logger.js';
import { packageVersion } from '../package-info.js';
import { toolModules } from './tool-list.js';
import { LineLimitedStdioTransport } from './line-limited-stdio.js';
import { lazyJsonSchemaValidator } from './lazy-json-schema-validator.js';

/**
 * The `gatehouse mcp` server: a thin stdio client of the shared hub (see shared-hub.ts).
 */
export async function runMcpServer(log: Logger, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const server = new McpServer({ name: 'gatehouse', version: packageVersion }, { capabilities: { logging: {} }, jsonSchemaValidator: lazyJsonSchemaValidator() });
  // The hub is looked for (and started) while the client does its MCP handshake, so the first tool call finds it ready.
  const hub = sharedHub(env, (err) => log.warn({ err: err.message }, 'the hub could not be started ahead of the first tool call'));
  for (const mod of toolModules) mod.register(server, { hub, log });
  server.server.onerror = (err) => log.warn({ err: err.message }, 'mcp: a message could not be handled');
  const transport = new LineLimitedStdioTransport();
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
  await server.connect(transport);
  log.info('mcp server ready on stdio');
  await closed;
}
