// An MCP tool call as the person reads it: the server, the tool and each argument on its own row (issue 22).
import type { McpView } from '../../shared/permission/view.js';

/** Characters kept of one argument's value. */
const MAX_VALUE_CHARS = 2_000;

export function mcpView(server: string, tool: string, input: unknown): McpView {
  const fields = input && typeof input === 'object' && !Array.isArray(input) ? Object.entries(input as Record<string, unknown>) : input === undefined ? [] : [['(input)', input] as const];
  const args = fields.map(([name, value]) => {
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
    return { name, value: text.length <= MAX_VALUE_CHARS ? text : `${text.slice(0, MAX_VALUE_CHARS)}…` };
  });
  return { kind: 'mcp', server, tool, args };
}
