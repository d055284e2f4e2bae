import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { HubClient } from '../hub-client/hub-client.js';
import type { Logger } from '../logging/logger.js';

export interface McpToolDeps {
  /** The shared hub, started on first use. */
  hub: () => Promise<HubClient>;
  log: Logger;
}

/** A group of MCP tools. Registered in tool-list.ts. */
export interface McpToolModule {
  register(server: McpServer, deps: McpToolDeps): void;
}
