// Gemini CLI (tested with 0.61.0): settings `hooks.BeforeTool` runs a command before every tool call whose name
// the entry's matcher (a regular expression) matches — before Gemini's own policy decides whether to ask.
// Its answer on stdout: {"decision":"deny","reason":…} refuses the call and the reason reaches the model as the
// tool's error; {"decision":"ask"} makes Gemini show its own confirmation dialog whatever its policy says; an
// "allow" is NOT a grant — the policy still decides, so in the default approval mode Gemini's dialog asks
// anyway. gatehouse therefore runs an orchestrated Gemini with --approval-mode yolo, its hook being the gate.
// Re-read in 0.61.0's bundle (bundle/chunk-JDPZ4CE3.js): evaluateBeforeToolHook (l. 342100–342155) takes from a
// BeforeTool answer only `continue: false` (stop), decision "block"/"deny" (l. 335295), "ask" (l. 335301) and
// hookSpecificOutput.tool_input (l. 335377, new arguments); the scheduler's _processToolCall (l. 347765–347800)
// then asks checkPolicy and shows the dialog unless the policy allows — no field, "allow"/"approve" included, skips
// it; the policy engine's hookCheckers (l. 362353) are stored but never consulted.
// The hook timeout is in milliseconds. `AfterAgent` fires once a turn's final answer is out. Gemini runs the
// hooks of its settings only in a trusted folder. Per run: GEMINI_CLI_HOME names the folder holding `.gemini/`
// (Gemini's system-defaults file is no way in: it is read only when root owns it and every folder above it).
import { join } from 'node:path';
import type { AgentHooks, HookDecision, HookReply } from '../agent-hooks.js';
import { parsePermissionRequest } from '../permission-request-hook.js';

/**
 * Gemini's own tools that act on nothing outside the conversation (its question tool, its topic and task trackers,
 * its help): the hook is asked about every other tool call (issue 31: every call is seen and recorded), its
 * read-only file tools (read_file, glob, grep_search, …) included, which Gemini's own policy allows unasked in every
 * mode — a person's deny of Read(./.env) holds there too.
 */
const NEVER_ASKED = ['ask_user', 'update_topic', 'complete_task', 'tracker_[a-z_]+', 'cli_help', 'get_internal_docs'];

export function beforeToolReply(decision: HookDecision, message: string): HookReply {
  if (decision === 'deny') return { stdout: `${JSON.stringify({ decision: 'deny', reason: message })}\n`, exitCode: 0 };
  if (decision === 'allow') return { stdout: `${JSON.stringify({ decision: 'allow' })}\n`, exitCode: 0 };
  return { stdout: `${JSON.stringify({ decision: 'ask', ...(message ? { systemMessage: `gatehouse: ${message}` } : {}) })}\n`, exitCode: 0 };
}

export const geminiHooks: AgentHooks = {
  id: 'gemini',
  name: 'Gemini CLI',
  permissionEvent: 'BeforeTool',
  turnEndEvent: 'AfterAgent',
  startEvent: 'SessionStart',
  permissionMatcher: `^(?!(?:${NEVER_ASKED.join('|')})$)`,
  callHook: null,
  timeoutUnit: 'milliseconds',
  parsePermission: parsePermissionRequest,
  reply: beforeToolReply,
  settings: {
    path: (env, home) => join(env.GEMINI_CLI_HOME ?? home, '.gemini', 'settings.json'),
    afterInstall:
      "Gemini CLI's BeforeTool hook can refuse a tool call or hand it to Gemini's own dialog, but cannot allow one: after a Yes in gatehouse, Gemini still asks in its terminal (unless its approval mode allows the tool). No is final. Gemini runs hooks only in trusted folders.",
  },
  systemDefaults: null,
};
