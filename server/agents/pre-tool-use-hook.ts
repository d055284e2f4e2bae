// The PreToolUse hook contract that Claude Code defined and Codex 0.169 and Qwen Code 0.15 follow: raised before
// every tool call with { hook_event_name, tool_name, tool_input, tool_use_id, session_id, cwd, permission_mode, … }
// on stdin (the same fields a PermissionRequest carries, read by parsePermissionRequest); answered with
// { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision, permissionDecisionReason } } on stdout.
// Claude Code 2.1.197 takes allow (no dialog; its own deny and ask rules still hold), deny and ask (its dialog);
// Codex 0.169 takes only deny ("PreToolUse hook returned unsupported permissionDecision:allow|ask"); Qwen Code 0.15.10
// takes deny, and reads ask as a refusal ("User confirmation required"). No output is no decision.
import type { CallDecision, CallHook, HookReply } from './agent-hooks.js';

export function preToolUseHook(answers: CallHook['answers'], order: CallHook['order']): CallHook {
  return { event: 'PreToolUse', matcher: '*', answers, order, reply: (decision, message) => preToolUseReply(answers, decision, message) };
}

function preToolUseReply(answers: CallHook['answers'], decision: CallDecision, message: string): HookReply {
  if (decision === 'pass' || !answers.includes(decision)) return { stdout: '', exitCode: 0 };
  const output = { hookEventName: 'PreToolUse', permissionDecision: decision, ...(message ? { permissionDecisionReason: message } : {}) };
  return { stdout: `${JSON.stringify({ hookSpecificOutput: output })}\n`, exitCode: 0 };
}
