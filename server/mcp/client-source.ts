import { fileURLToPath } from 'node:url';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { GateSource } from '../../shared/choice/gate-source.js';
import { gitBranch } from '../platform/git-branch.js';

const ROOTS_TIMEOUT_MS = 3000;

/**
 * Who is asking through this MCP server, so a gate says it without the agent having to: the client's name and
 * version from `initialize` (clientInfo), the project — the client's first file root when it declares roots,
 * else this process's working folder — and that project's git branch.
 */
export async function mcpClientSource(server: McpServer, cwd = process.cwd()): Promise<GateSource> {
  const info = server.server.getClientVersion();
  const agent = info?.name ? [info.name, info.version].filter(Boolean).join(' ') : null;
  const project = (await firstRoot(server)) ?? cwd;
  return { kind: 'mcp', agent, project, branch: await gitBranch(project) };
}

/** The client's first `file://` root, or null when it declares no roots or does not answer roots/list. */
async function firstRoot(server: McpServer): Promise<string | null> {
  if (!server.server.getClientCapabilities()?.roots) return null;
  try {
    const { roots } = await server.server.listRoots(undefined, { timeout: ROOTS_TIMEOUT_MS });
    const uri = roots.find((r) => r.uri.startsWith('file://'))?.uri;
    return uri ? fileURLToPath(uri) : null;
  } catch {
    return null;
  }
}
