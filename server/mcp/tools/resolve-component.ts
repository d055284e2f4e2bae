import { z } from 'zod';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { HubRequestError } from '../../hub-client/hub-client.js';
import type { McpToolDeps, McpToolModule } from '../tool-module.js';
import { resolveCloseOutputShape, resolveStartOutputShape, resolveTaskOutputShape } from '../resolve-component-schema.js';

function ok(payload: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(payload, null, 2) }], structuredContent: payload };
}

function fail(tool: string, err: unknown): CallToolResult {
  const message = err instanceof HubRequestError ? err.message : (err as Error).message;
  return { content: [{ type: 'text', text: `${tool}: ${message}` }], isError: true };
}

/** The agent-facing view: state + payload, without the screen (the portal shows that). */
function agentView(view: Record<string, unknown>): Record<string, unknown> {
  const { screen: _screen, ...rest } = view;
  return rest;
}

const id = (taskId: string) => `/api/resolve/${encodeURIComponent(taskId)}`;

async function call(deps: McpToolDeps, tool: string, run: (hub: Awaited<ReturnType<McpToolDeps['hub']>>) => Promise<Record<string, unknown>>) {
  try {
    return ok(await run(await deps.hub()));
  } catch (err) {
    return fail(tool, err);
  }
}

const STATES = 'idle, checking_local, checking_global, selection_required, trying_import, finished, failed';

/**
 * resolve_component_start/status/select/close: thin clients of the hub's resolve tasks. Every call
 * returns at once; the agent polls status.
 */
export const resolveComponentTools: McpToolModule = {
  register(server, deps) {
    server.registerTool(
      'resolve_component_start',
      {
        title: 'Resolve an electronic component with tsci',
        description:
          'Starts resolving a component: looks in the project (imports/, lib/, @tsci dependencies), else runs `tsci import <name>` and relays each of its prompts to you. Returns {task_id, state} at once; then poll resolve_component_status. Only one task runs at a time.',
        inputSchema: {
          component_name: z.string().min(1).describe('Part or package to resolve, e.g. BQ79616'),
          project_dir: z.string().optional().describe('Absolute path of the tscircuit project (default: this MCP server\'s working directory)'),
          flags: z.array(z.string()).optional().describe('Extra tsci import options, e.g. ["--tscircuit"] or ["--jlcpcb"]'),
        },
        outputSchema: resolveStartOutputShape,
      },
      async (args) =>
        call(deps, 'resolve_component_start', (hub) =>
          hub.request('POST', '/api/resolve', { component_name: args.component_name, project_dir: args.project_dir ?? process.cwd(), flags: args.flags }),
        ),
    );
    server.registerTool(
      'resolve_component_status',
      {
        title: 'State of a resolve task',
        description: `Current state (${STATES}) and payload: selection {selection_id, prompt, options, cursor_index, answer_with, screen (the block verbatim), multi_select/marked, labels, descriptions (what is drawn under each option, null where nothing)} (+ error after a failed import or a refused pick), location/source when finished, reason/exit_code when failed. Returns at once.`,
        inputSchema: { task_id: z.string().min(1) },
        outputSchema: resolveTaskOutputShape,
      },
      async (args) => call(deps, 'resolve_component_status', async (hub) => agentView(await hub.request('GET', id(args.task_id)))),
    );
    server.registerTool(
      'resolve_component_select',
      {
        title: 'Answer the prompt a resolve task shows',
        description:
          'Answers the current selection: selected_option = a string contained in the option you want (first match wins; the highlight is moved one checked key at a time and Enter pressed only on that option; on a numbered list answered by typing, its number is typed), selected_options = the options to mark on a multi_select list (each a substring; exactly those end marked), or text = typed verbatim (answer_with "text", e.g. a (Y/n) confirm). A string matching no option is an error and changes nothing. If the screen does not answer the keys as planned, nothing more is pressed and the selection stays open with an error saying what was seen; an answer to a selection no longer on screen names the current one.',
        inputSchema: {
          task_id: z.string().min(1),
          selection_id: z.string().min(1),
          selected_option: z.string().optional(),
          selected_options: z.array(z.string()).optional(),
          text: z.string().optional(),
        },
        outputSchema: resolveTaskOutputShape,
      },
      async (args) =>
        call(deps, 'resolve_component_select', async (hub) =>
          agentView(await hub.request('POST', `${id(args.task_id)}/select`, { selection_id: args.selection_id, selected_option: args.selected_option, selected_options: args.selected_options, text: args.text })),
        ),
    );
    server.registerTool(
      'resolve_component_close',
      {
        title: 'Close a resolve task',
        description: 'Stops tsci if it still runs and disposes the task. Call it when done with a task (finished or failed).',
        inputSchema: { task_id: z.string().min(1) },
        outputSchema: resolveCloseOutputShape,
      },
      async (args) => call(deps, 'resolve_component_close', (hub) => hub.request('DELETE', id(args.task_id))),
    );
  },
};
