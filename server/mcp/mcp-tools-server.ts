import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { packageVersion } from '../package-info.js';
import { lazyJsonSchemaValidator } from './lazy-json-schema-validator.js';
import { toolModules } from './tool-list.js';
import type { McpToolDeps } from './tool-module.js';

/**
 * The MCP SDK's server with every gatehouse tool registered: what `gatehouse mcp` loads on the first message its
 * handshake snapshot cannot answer (see mcp-front.ts), and what the build asks for that snapshot.
 */
export function createMcpServer(deps: McpToolDeps): McpServer {
  const server = new McpServer({ name: 'gatehouse', version: packageVersion }, { capabilities: { logging: {} }, jsonSchemaValidator: lazyJsonSchemaValidator() });
  for (const mod of toolModules) mod.register(server, deps);
  server.server.onerror = (err) => deps.log.warn({ err: err.message }, 'mcp: a message could not be handled');
  return server;
}
