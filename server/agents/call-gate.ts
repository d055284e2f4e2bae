// Every tool call, one judgement (issue 31): what the hub answers a CLI's hook before every tool call (PreToolUse)
// and its permission hook (PermissionRequest), so that the person's policy decides each call whatever the CLI's own
// settings, a project's committed settings, a sandbox or a yolo/bypass mode would have done. The policy (and, where
// it asks, the person) decides once per call, through the one permission path (askPermission: policy, grants, the
// person, the record); a call's later hook takes the earlier one's decision (call-memo.ts).
import type { AgentHooks, CallDecision, PermissionAsk } from './agent-hooks.js';
import { callKey } from './call-memo.js';
import { askPermission, type GateDecision, type PermissionDeps } from './permission-gate.js';

export interface CallAnswer extends Omit<GateDecision, 'decision'> {
  decision: CallDecision;
}

/** The hook before every call: the policy's (or the person's) decision as that hook can give it. */
export async function decideCall(deps: PermissionDeps, agent: AgentHooks, hookInput: Record<string, unknown>, ask: PermissionAsk, waitSeconds: number): Promise<CallAnswer> {
  const hook = agent.callHook;
  if (!hook) throw new Error(`${agent.name} has no hook before every tool call: its ${agent.permissionEvent} hook is that hook`);
  const key = callKey(agent.id, hookInput, ask);
  // Qwen Code raises PreToolUse after its permission hook: a call that hook decided is not decided (or recorded) again.
  const earlier = hook.order === 'after-permission' ? deps.calls?.take(key) : null;
  const decided = earlier ?? (await askPermission(deps, agent, hookInput, ask, waitSeconds, hook.event));
  if (hook.order === 'before-permission') deps.calls?.put(key, decided);
  return asCallAnswer(agent, decided);
}

/** The permission hook: the decision its call's earlier hook made, else the one permission path. */
export async function decidePermissionHook(deps: PermissionDeps, agent: AgentHooks, hookInput: Record<string, unknown>, ask: PermissionAsk, waitSeconds: number): Promise<GateDecision> {
  const order = agent.callHook?.order;
  const key = callKey(agent.id, hookInput, ask);
  const earlier = order === 'before-permission' ? deps.calls?.take(key) : null;
  if (earlier) return earlier;
  const decided = await askPermission(deps, agent, hookInput, ask, waitSeconds);
  if (order === 'after-permission') deps.calls?.put(key, decided);
  return decided;
}

/**
 * What the hook can say: an allow the hook cannot give passes (the CLI's own settings decide, and its permission
 * hook, if it asks, takes this allow); an ask (nobody answered, on_timeout ask-cli) is the CLI's own dialog where the
 * hook can hand it there, else a pass — the CLI's own behaviour applies, and the record says so.
 */
function asCallAnswer(agent: AgentHooks, decided: GateDecision): CallAnswer {
  // Left to the CLI's own settings (`risk: <grade>: cli`): its allow list, else its own dialog — never gatehouse's ask.
  if (decided.decided_by.kind === 'agent-settings') return { ...decided, decision: 'pass' };
  return { ...decided, decision: asCallDecision(agent, decided.decision) };
}

/** A decision as the CLI's hook before every call can give it: what it cannot answer passes (a deny it cannot give is a bug). */
export function asCallDecision(agent: AgentHooks, decision: GateDecision['decision']): CallDecision {
  const answers = agent.callHook!.answers;
  if (answers.includes(decision)) return decision;
  if (decision === 'deny') throw new Error(`${agent.name}'s ${agent.callHook!.event} hook cannot deny`);
  return 'pass';
}
