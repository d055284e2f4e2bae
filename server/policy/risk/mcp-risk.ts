// An MCP tool call's grade. The agent CLIs' hook inputs carry no tool annotations, so gatehouse knows them only
// for tools it knows (its own, whose readOnlyHint it sets) or when a caller passes them: readOnlyHint → low,
// destructiveHint → high. Without them, a tool whose name says it deletes, drops or overwrites is high and every
// other tool is medium: a name that says "get" proves nothing.
import type { Risk } from '../../../shared/permission/risk.js';

export interface McpAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
}

/** Annotations of tools gatehouse knows, by mcp__server__tool name (its own MCP server's, as it declares them). */
const KNOWN: Record<string, McpAnnotations> = {
  mcp__gatehouse__provide_choice: { readOnlyHint: true, destructiveHint: false },
  mcp__gatehouse__resolve_component: { readOnlyHint: true, destructiveHint: false },
};
const DESTRUCTIVE_NAME = /(^|_|-)(delete|remove|rm|drop|destroy|purge|wipe|truncate|erase|reset|force_?push|overwrite|revoke|terminate|kill|uninstall)(_|-|$)/i;

export function mcpRisk(mcp: { server: string; tool: string; name: string }, annotations?: McpAnnotations): Risk {
  const known = annotations ?? KNOWN[mcp.name];
  const label = `${mcp.server} ${mcp.tool}`;
  if (known?.destructiveHint === true && known.readOnlyHint !== true) return { grade: 'high', reasons: [`the MCP tool says it is destructive (${label})`] };
  if (known?.readOnlyHint === true) return { grade: 'low', reasons: [`the MCP tool says it only reads (${label})`] };
  if (DESTRUCTIVE_NAME.test(mcp.tool)) return { grade: 'high', reasons: [`the MCP tool's name says it deletes or overwrites (${label})`] };
  return { grade: 'medium', reasons: [`calls an MCP tool gatehouse cannot see into (${label})`] };
}
