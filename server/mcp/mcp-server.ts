import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ensureHub } from '../hub-client/ensure-hub.js';
import type { HubClient } from '../hub-client/hub-client.js';
import type { Logger } from '../logging/logger.js';
import { packageVersion } from '../package-info.js';
import { toolModules } from './tool-list.js';

/**
 * The `gatehouse mcp` server: a thin stdio client of the shared hub. The hub is found or started on the first
 * tool call, and looked up again if it went away (it may have idled out or restarted on another port).
 */
export async function runMcpServer(log: Logger, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const server = new McpServer({ name: 'gatehouse', version: packageVersion }, { capabilities: { logging: {} } });
  let cached: HubClient | null = null;
  const hub = async () => {
    if (cached && (await cached.healthy(1000))) return cached;
    cached = await ensureHub({ env });
    return cached;
  };
  for (const mod of toolModules) mod.register(server, { hub, log });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
  await server.connect(transport);
  log.info('mcp server ready on stdio');
  await closed;
}
