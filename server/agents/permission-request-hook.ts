// The PermissionRequest hook contract that Claude Code defined and Codex 0.169 follows: input
// { hook_event_name, tool_name, tool_input: { command, description }, cwd, … } on stdin; answer
// { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow'|'deny', message } } }
// on stdout; no output leaves the decision to the CLI's own dialog.
import { commandText, field, stringField, type HookDecision, type HookReply, type PermissionAsk } from './agent-hooks.js';

export function parsePermissionRequest(input: unknown): PermissionAsk {
  const tool = stringField(input, 'tool_name');
  const toolInput = field(input, 'tool_input');
  if (toolInput !== undefined && (typeof toolInput !== 'object' || toolInput === null || Array.isArray(toolInput))) {
    throw new Error(`hook input: "tool_input" must be an object (got ${JSON.stringify(toolInput)})`);
  }
  const inputs = (toolInput ?? {}) as Record<string, unknown>;
  const command = commandText(inputs.command);
  const cwd = field(input, 'cwd');
  return {
    tool,
    detail: command ?? JSON.stringify(inputs),
    reason: typeof inputs.description === 'string' && inputs.description ? inputs.description : null,
    cwd: typeof cwd === 'string' ? cwd : null,
  };
}

export function permissionRequestReply(decision: HookDecision, message: string): HookReply {
  if (decision === 'ask') return { stdout: '', exitCode: 0 };
  const answer = { behavior: decision, ...(decision === 'deny' ? { message } : {}) };
  return { stdout: `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: answer } })}\n`, exitCode: 0 };
}
