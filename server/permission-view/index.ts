// The structured "what is being approved" view of a permission request (issue 22), computed by the hub when the
// gate is created and stored with it: a diff for an edit or write, the command as the shell runs it, an MCP call's
// arguments. Null for any other tool (the gate shows the tool input as it came).
import type { PermissionView } from '../../shared/permission/view.js';
import { classifyTool } from '../policy/tool-kinds.js';
import { projectRoot } from '../policy/project-root.js';
import { commandView } from './command-view.js';
import { isEditTool } from './edit-inputs.js';
import { editView } from './edit-view.js';
import { mcpView } from './mcp-view.js';

export interface ViewRequest {
  agent: string;
  tool: string;
  /** The hook's tool_input. */
  input: unknown;
  cwd: string | null;
}

export async function permissionView(request: ViewRequest): Promise<PermissionView | null> {
  const cwd = request.cwd ?? process.cwd();
  const project = projectRoot(cwd);
  if (isEditTool(request.agent, request.tool)) return editView(request.agent, request.tool, request.input, cwd, project);
  const tool = classifyTool(request.agent, request.tool, request.input);
  if (tool.kind === 'mcp' && tool.mcp) return mcpView(tool.mcp.server, tool.mcp.tool, request.input);
  if (tool.kind === 'Bash' && tool.command !== undefined) return commandView(tool.command, request.cwd, project);
  return null;
}

export { countsText } from '../../shared/permission/view.js';

/** The view for a gate, never throwing: a view that cannot be made leaves the gate as it was (the error said). */
export async function gateView(request: ViewRequest, warn?: (fields: Record<string, unknown>, message: string) => void): Promise<PermissionView | null> {
  try {
    return await permissionView(request);
  } catch (err) {
    warn?.({ err, tool: request.tool }, 'could not make the permission view');
    return null;
  }
}
