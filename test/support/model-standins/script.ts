// The script a model stand-in plays: one step per model turn. The turn is read from the request itself (how
// many assistant turns its history holds), so a CLI's retries and side requests never advance the script.

/** Run a shell command through the CLI's own shell tool. */
export interface ShellStep {
  shell: string;
}
/** Call a tool the CLI offers (an MCP tool, usually), picked by the end of its name. */
export interface ToolStep {
  tool: string;
  args: Record<string, unknown>;
}
/** Reply with text and end the turn. */
export interface TextStep {
  text: string;
}
/** A step made from what the CLI sent back this turn (e.g. poll the session id a tool result named). */
export type DynamicStep = (seen: ToolResultSeen[]) => ShellStep | ToolStep | TextStep;
export type ScriptStep = ShellStep | ToolStep | TextStep | DynamicStep;

/** A tool call resolved against what the CLI offered in this request. */
export interface ToolCall {
  name: string;
  args: Record<string, unknown>;
}

/** What a CLI sent back as the result of a tool call (what the model "saw"). */
export interface ToolResultSeen {
  /** The call's id where the wire format carries one. */
  callId?: string;
  output: string;
  isError?: boolean;
}

/** Keys sorted, so a call's arguments compare equal whatever order a CLI sends them back in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * What identifies an assistant message the stand-in wrote, as it comes back in a later request's history.
 * CLIs add assistant messages of their own (Qwen Code opens with a canned "Got it" exchange), so the
 * script's position is the number of history messages that carry one of the stand-in's signatures.
 */
export function signatureOf(reply: { text: string } | { name: string; args: unknown }): string {
  if ('text' in reply) return `text:${reply.text.trim()}`;
  const args = typeof reply.args === 'string' ? safeParse(reply.args) : reply.args;
  return `call:${reply.name}:${canonical(args)}`;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The tool that loads a deferred tool's schema (Qwen Code); a call to it is no step of the script. */
export const TOOL_SEARCH = 'tool_search';

/** MCP tools a request names without offering them (Qwen Code lists them under "Deferred Tools" in its system prompt). */
export function deferredMcpTools(body: unknown, offeredTools: string[]): string[] {
  const named = new Set(JSON.stringify(body ?? '').match(/mcp__[A-Za-z0-9-]+__[A-Za-z0-9_-]+/g) ?? []);
  return [...named].filter((t) => !offeredTools.includes(t));
}

/** Shell tools by CLI, with how each wants its command. */
const SHELL_TOOLS: Array<{ name: string; args: (command: string) => Record<string, unknown> }> = [
  { name: 'Bash', args: (command) => ({ command, description: 'Run the command the script asks for' }) },
  { name: 'run_shell_command', args: (command) => ({ command, description: 'Run the command the script asks for' }) },
  // Codex 0.169 runs commands in its sandbox without asking; a model asks for approval by requesting escalation.
  { name: 'exec_command', args: (command) => ({ cmd: command, sandbox_permissions: 'require_escalated', justification: 'The script asks for this command' }) },
  { name: 'shell_command', args: (command) => ({ command }) },
  { name: 'shell', args: (command) => ({ command: ['bash', '-lc', command] }) },
];

/**
 * The step for a request whose history holds `assistantTurns` of the stand-in's own turns, resolved against the tool
 * names the request offers. Past the end of the script the stand-in says "done".
 */
export function stepFor(script: ScriptStep[], assistantTurns: number, offeredTools: string[], seen: ToolResultSeen[] = [], deferredTools: string[] = []): { text: string } | ToolCall {
  const planned = script[assistantTurns] ?? { text: 'done' };
  const step = typeof planned === 'function' ? planned(seen) : planned;
  if ('text' in step) return { text: step.text };
  if ('shell' in step) {
    const shell = SHELL_TOOLS.find((t) => offeredTools.includes(t.name));
    if (!shell) throw new Error(`script wants a shell command but the CLI offered no known shell tool (offered: ${offeredTools.join(', ')})`);
    return { name: shell.name, args: shell.args(step.shell) };
  }
  const named = (t: string) => t === step.tool || t.endsWith(`__${step.tool}`) || t.endsWith(`_${step.tool}`);
  const name = offeredTools.find(named);
  const deferred = deferredTools.find(named);
  // Qwen Code offers MCP tools by name only until the model loads them with tool_search, as a model would.
  if (!name && deferred && offeredTools.includes(TOOL_SEARCH)) return { name: TOOL_SEARCH, args: { query: `select:${deferred}` } };
  if (!name) throw new Error(`script wants tool "${step.tool}" but the CLI offered: ${offeredTools.join(', ')}${deferredTools.length ? ` (deferred: ${deferredTools.join(', ')})` : ''}`);
  return { name, args: step.args };
}
