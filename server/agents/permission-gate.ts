// A permission request from an agent's hook: the policy first (server/policy/), then the person. A rule that
// allows answers allow with no gate; a rule that denies answers deny naming the rule; everything else is put to
// the person as a choice session like any other gate (the portal, the terminal UI, Telegram, `gatehouse answer`)
// with grants beyond "once": this session, always (a rule written into the person's policy), never. Nobody
// answering within the wait: the policy's on_timeout — the CLI's own dialog, or deny; never allow.
import { CHOICE_LIMITS } from '../../shared/choice/limits.js';
import { validateChoiceRequest } from '../../shared/choice/validate-request.js';
import type { PermissionDecidedBy } from '../../shared/choice/decided-by.js';
import type { ChoiceSessions } from '../sessions/choice-sessions.js';
import { appendRule, narrowestRule, projectRoot, type PolicyDecision, type PolicyEngine, type PolicyRequest, type RulesFromRequest } from '../policy/index.js';
import type { AgentHooks, HookDecision, PermissionAsk } from './agent-hooks.js';
import type { SessionGrants } from './session-grants.js';
import type { PermissionLog } from '../policy/permission-log.js';
import { gitBranch } from '../platform/git-branch.js';
import { waitOrWithdrawn } from './gate-wait.js';
import { grantRulesPicked, WIDER, type Risk } from '../../shared/permission/view.js';
import { gateView } from '../permission-view/index.js';
import { askedBecause, permissionPrompt, policyDecidedBy } from './permission-text.js';

export { permissionPrompt, policyDecidedBy } from './permission-text.js';
import type { CallMemo } from './call-memo.js';
import { DEFAULT_ROUTING, routedGrade, timeoutOutcome } from '../policy/routing.js';
import type { RiskGrade } from '../../shared/permission/risk.js';
import { waitedText } from '../sessions/next-step.js';
import { leftToAgentSettings } from './agent-settings-decision.js';

/** The gate's options, by stable id (`gatehouse answer --option`, Telegram buttons, the terminal UI). */
export const HOOK_OPTIONS = { allow: 'yes', session: 'session', always: 'always', deny: 'no', never: 'never' } as const;

export interface GateDecision {
  decision: HookDecision;
  /** Said to the agent with a deny; why the CLI decides itself with an ask; who allowed with an allow. */
  message: string;
  /** The gate's choice session; null when no person was asked (a rule, a session grant). */
  session_id: string | null;
  status: string;
  decided_by: PermissionDecidedBy;
  /** The request's risk grade, as the policy engine gave it (recorded in the permission log). */
  risk?: Risk;
}

export interface PermissionDeps {
  sessions: ChoiceSessions;
  /** The hub's policy engine (null: it could not be made; every request then goes to the person). */
  policy: PolicyEngine | null;
  grants: SessionGrants;
  warn?: (fields: Record<string, unknown>, message: string) => void;
  /** The record of every permission request (<data dir>/permissions.jsonl); none: not recorded. */
  log?: PermissionLog | null;
  /** The `gatehouse run` task the request comes from, recorded with it. */
  task?: string;
  /** The decisions of a call's earlier hook, for its later one (call-memo.ts); none: each hook decides alone. */
  calls?: CallMemo;
  /**
   * Nobody to ask in gatehouse: the hook had to start the hub for this call (no portal was open to answer in). The
   * policy's rules and grade still decide; what they would put to the person is left to the CLI, where the person is.
   */
  noPerson?: boolean;
}

/** How the person is asked, beyond the request itself (a task under `gatehouse run` uses all three). */
export interface PersonAsk {
  /** Told once the gate exists: its id and options (a task shows them as its own question). */
  onGate?: (gate: { id: string; options: Array<{ id: string; label: string }> }) => void;
  /** Aborts when nobody waits for the answer any more: the gate says its agent is gone, the answer is "ask". */
  withdraw?: AbortSignal;
  /** Shown with the gate's source: the workflow and task that asked. */
  task?: { workflow: string; task: string };
}

/**
 * Policy first, then the person; waits up to `waitSeconds` (kept within the choice limits) for the answer. Every
 * request, however decided, is appended to the permission log.
 */
export async function askPermission(deps: PermissionDeps, agent: AgentHooks, hookInput: Record<string, unknown>, ask: PermissionAsk, waitSeconds: number, event = agent.permissionEvent): Promise<GateDecision> {
  const started = Date.now();
  const request: PolicyRequest = { agent: agent.id, tool: ask.tool, input: hookInput.tool_input ?? {}, cwd: ask.cwd ?? process.cwd() };
  const agentSession = typeof hookInput.session_id === 'string' && hookInput.session_id ? hookInput.session_id : null;
  const decided = await decidePermission(deps, agent, request, agentSession, ask, waitSeconds, hookInput);
  if (deps.log) {
    try {
      await deps.log.append({
        time: new Date(started).toISOString(),
        agent: agent.id,
        agent_session: agentSession,
        project: projectRoot(request.cwd),
        cwd: request.cwd,
        tool: ask.tool,
        detail: ask.detail,
        input: request.input,
        decision: decided.decision,
        decided_by: decided.decided_by,
        ...(decided.risk ? { risk: decided.risk } : {}),
        gate: decided.session_id,
        ms: Date.now() - started,
        ...(deps.task ? { task: deps.task } : {}),
        event,
        ...(typeof hookInput.permission_mode === 'string' && hookInput.permission_mode ? { mode: hookInput.permission_mode } : {}),
      });
    } catch (err) {
      deps.warn?.({ err, file: deps.log.file }, 'could not record the permission request');
    }
  }
  return decided;
}

async function decidePermission(deps: PermissionDeps, agent: AgentHooks, request: PolicyRequest, agentSession: string | null, ask: PermissionAsk, waitSeconds: number, hookInput: Record<string, unknown>): Promise<GateDecision> {
  let decided: PolicyDecision;
  try {
    if (!deps.policy) throw new Error('the policy engine is not available');
    decided = deps.policy.decide(request);
  } catch (err) {
    const message = (err as Error).message;
    decided = { decision: 'ask', decidedBy: { kind: 'policy-error', error: { file: deps.policy?.personFile ?? 'policy', line: 0, column: 0, message } }, kind: 'other', risk: { grade: 'high', reasons: [`the policy engine failed: ${message}`] } };
  }
  const gate =
    ruled(agent, decided) ??
    (decided.decidedBy.kind === 'agent-settings'
      ? leftToAgentSettings(deps.policy, agent, request, hookInput, decided)
      : deps.noPerson
        ? leftToTheCli(decided)
        : await askThePerson(deps, agent, request, agentSession, ask, waitSeconds, decided));
  return { ...gate, risk: decided.risk };
}

/** The policy's allow or deny as the hook's answer, with no gate; null when the policy asks. */
export function ruled(agent: AgentHooks, decided: PolicyDecision): GateDecision | null {
  if (decided.decision === 'deny') {
    const by = policyDecidedBy(decided.decidedBy);
    return { decision: 'deny', message: `gatehouse's permission policy denies this: ${by.text}. Do not run it; ask the person what to do instead.`, session_id: null, status: 'decided', decided_by: by };
  }
  if (decided.decision === 'allow') return allowed(agent, policyDecidedBy(decided.decidedBy));
  return null;
}

/**
 * The policy asks (`decided`): a session grant of this agent session lets it through, else it is put to the
 * person as a permission gate with the grants, and the answer (or the policy's on_timeout) is the decision. The
 * one way a person is asked for a permission, by hand or inside a task.
 */
export async function askThePerson(
  deps: PermissionDeps,
  agent: AgentHooks,
  request: PolicyRequest,
  agentSession: string | null,
  ask: PermissionAsk,
  waitSeconds: number,
  decided: PolicyDecision,
  how: PersonAsk = {},
): Promise<GateDecision> {
  // A session grant holds for an `ask` of the rules or of no rule; never for a protected path or a broken policy.
  const grantable = ['rule', 'default', 'risk', 'agent-settings'].includes(decided.decidedBy.kind);
  let narrow: RulesFromRequest = { rules: [], wider: [] };
  try {
    narrow = narrowestRule(request);
  } catch {
    // No rule can be made from it: the gate offers once / no only.
  }
  if (grantable && agentSession && deps.grants.covers(agent.id, agentSession, narrow.rules)) {
    const by: PermissionDecidedBy = { kind: 'session-grant', text: `session grant (${agent.name} session ${agentSession}) for ${narrow.rules.join(', ')}`, rule: narrow.rules.join(' '), agent_session: agentSession };
    // Inside a task the hook is the gate for every CLI (Gemini CLI runs in yolo there): an allow is an allow.
    return how.task ? { decision: 'allow', message: `Allowed by gatehouse: ${by.text}.`, session_id: null, status: 'decided', decided_by: by } : allowed(agent, by);
  }

  const seconds = Math.min(CHOICE_LIMITS.maxTimeoutSeconds, Math.max(CHOICE_LIMITS.minTimeoutSeconds, Math.round(waitSeconds)));
  const { title, prompt } = permissionPrompt(agent, ask);
  const policyFileOk = deps.policy !== null && !deps.policy.status().broken;
  const canRule = grantable && narrow.rules.length > 0;
  const offerSession = canRule && agentSession !== null;
  const offerRules = canRule && policyFileOk;
  const ruleList = narrow.rules.map((r) => `\`${r}\``).join(', ');
  const lines = [prompt, '', `Asked because ${askedBecause(decided.decidedBy)}.`];
  if (offerSession) lines.push(`**This session** allows ${ruleList} for the rest of this ${agent.name} session (at most 24 h).`);
  if (offerRules) {
    lines.push(`**Always** adds to \`${deps.policy!.personFile}\` under \`allow:\`: ${ruleList}.`);
    lines.push(`**Never** adds to \`${deps.policy!.personFile}\` under \`deny:\`: ${ruleList}.`);
  }
  const options = [
    { id: HOOK_OPTIONS.allow, label: 'Yes, allow this once' },
    ...(offerSession ? [{ id: HOOK_OPTIONS.session, label: 'Yes, for the rest of this session' }] : []),
    ...(offerRules ? [{ id: HOOK_OPTIONS.always, label: clip(`Yes, and always allow ${narrow.rules.join(', ')}`) }] : []),
    { id: HOOK_OPTIONS.deny, label: 'No' },
    ...(offerRules ? [{ id: HOOK_OPTIONS.never, label: clip(`No, and never allow ${narrow.rules.join(', ')}`) }] : []),
  ];
  const validated = validateChoiceRequest({ title, prompt: lines.join('\n'), options, timeout_seconds: seconds, interface: 'web' });
  const source = { kind: 'hook' as const, agent: agent.name, project: ask.cwd ?? null, branch: ask.cwd ? await gitBranch(ask.cwd) : null, ...(how.task ?? {}) };
  // What is being approved (a diff, the command's parts, the MCP call's arguments), stored with the gate (issue 22).
  const shown = await gateView({ agent: agent.id, tool: ask.tool, input: request.input, cwd: ask.cwd }, deps.warn);
  // With it, what always / never would write and the wider rules the portal offers instead (widened before saving).
  const widens = offerRules && narrow.wider.some((w, i) => w !== null && w !== narrow.rules[i]);
  const graded = shown ? { ...shown, risk: decided.risk } : shown;
  const view = graded && widens ? { ...graded, grants: { rules: narrow.rules, wider: narrow.wider } } : graded;
  const created = await deps.sessions.create(validated, 'web', undefined, source, view);
  how.onGate?.({ id: created.id, options });
  const withdrawn = await waitOrWithdrawn(deps, created.id, seconds * 1000 + 1000, how.withdraw);
  if (withdrawn) return { decision: 'ask', message: withdrawn, session_id: created.id, status: 'pending', decided_by: { kind: 'timeout', text: withdrawn } };
  const session = deps.sessions.get(created.id);
  const picked = session.status === 'submitted' ? session.result?.selected[0]?.id : undefined;
  const note = session.result?.global_annotation?.trim();
  const person = (option: string): PermissionDecidedBy => {
    const via = session.result?.interface ?? session.interface;
    return { kind: 'person', text: `the person (${via}): ${option}`, via, option };
  };

  let out: Omit<GateDecision, 'session_id' | 'status'>;
  if (picked === HOOK_OPTIONS.allow) {
    out = { decision: 'allow', message: 'The person allowed it through gatehouse.', decided_by: person('yes') };
  } else if (picked === HOOK_OPTIONS.session && agentSession) {
    deps.grants.add(agent.id, agentSession, narrow.rules);
    out = { decision: 'allow', message: 'The person allowed it through gatehouse for the rest of this session.', decided_by: person('session') };
  } else if (picked === HOOK_OPTIONS.always || picked === HOOK_OPTIONS.never) {
    const list = picked === HOOK_OPTIONS.always ? 'allow' : 'deny';
    const by = person(picked);
    const rules = grantRulesPicked(narrow, widens && session.result?.annotations?.[picked] === WIDER);
    const written = await writeRules(deps, list, rules, session.id);
    by.text += written ? `; wrote ${list}: ${rules.join(', ')} to ${deps.policy!.personFile}` : `; the rule could not be written to ${deps.policy!.personFile}`;
    out =
      list === 'allow'
        ? { decision: 'allow', message: 'The person allowed it through gatehouse, always.', decided_by: by }
        : { decision: 'deny', message: `The person said No through gatehouse, and never${note ? `: ${note}` : '.'} Do not run it; ask them what to do instead.`, decided_by: by };
  } else if (picked === HOOK_OPTIONS.deny) {
    out = { decision: 'deny', message: `The person said No through gatehouse${note ? `: ${note}` : '.'} Do not run it; ask them what to do instead.`, decided_by: person('no') };
  } else if (session.status === 'cancelled') {
    out = { decision: 'ask', message: 'the person dismissed the question in gatehouse', decided_by: person('dismissed') };
  } else {
    out = timedOut(deps, request, view, seconds);
  }
  try {
    await deps.sessions.setDecidedBy(session.id, out.decided_by);
  } catch (err) {
    deps.warn?.({ err, session: session.id }, 'could not record who decided the permission gate');
  }
  return { ...out, session_id: session.id, status: session.status };
}

/**
 * Nobody answered: the routing's on_timeout for the gate's risk (high: deny), else the policy's. Said to the agent as a
 * timeout, never as the person's refusal, so the model can tell the two apart.
 */
function timedOut(deps: PermissionDeps, request: PolicyRequest, view: { risk?: { grade: RiskGrade } } | null | undefined, seconds: number): Omit<GateDecision, 'session_id' | 'status'> {
  const project = projectRoot(request.cwd);
  const person = deps.policy?.layers(project).find((l) => l.source === 'person');
  const grade = routedGrade(view);
  const onTimeout = timeoutOutcome(person?.routing ?? DEFAULT_ROUTING, grade, deps.policy?.onTimeout(project) ?? 'ask-cli');
  const waited = waitedText(seconds);
  const text = `timeout after ${seconds} s (${grade} risk, on_timeout: ${onTimeout})`;
  return onTimeout === 'deny'
    ? { decision: 'deny', message: `Timed out: nobody answered within ${waited}, so gatehouse did not allow it (this is not the person's refusal). Do not run it now; ask again later or choose another way.`, decided_by: { kind: 'timeout', text } }
    : { decision: 'ask', message: `nobody answered in gatehouse within ${waited}`, decided_by: { kind: 'timeout', text } };
}

function leftToTheCli(decided: PolicyDecision): GateDecision {
  const by = policyDecidedBy(decided.decidedBy);
  const text = `${by.text}; the hub had just started for this call, so nobody was asked in gatehouse`;
  return { decision: 'ask', message: `${text}: left to the CLI`, session_id: null, status: 'decided', decided_by: { ...by, text } };
}

function allowed(agent: AgentHooks, by: PermissionDecidedBy): GateDecision {
  if (agent.id === 'gemini') return { ...geminiCannotAllow(agent, by), session_id: null, status: 'decided' };
  return { decision: 'allow', message: `Allowed by gatehouse: ${by.text}.`, session_id: null, status: 'decided', decided_by: by };
}

/** Gemini CLI's BeforeTool cannot allow: an allow leaves Gemini's own dialog, saying gatehouse allowed it. */
function geminiCannotAllow(agent: AgentHooks, by: PermissionDecidedBy): Omit<GateDecision, 'session_id' | 'status'> {
  return { decision: 'ask', message: `gatehouse allowed it (${by.text}), but ${agent.name}'s hook cannot allow: ${agent.name} asks itself`, decided_by: by };
}

async function writeRules(deps: PermissionDeps, list: 'allow' | 'deny', rules: string[], gate: string): Promise<boolean> {
  if (!deps.policy || rules.length === 0) return false;
  try {
    for (const rule of rules) await appendRule(deps.policy.personFile, list, rule, { gate });
    return true;
  } catch (err) {
    deps.warn?.({ err, file: deps.policy.personFile }, 'could not add the rule to the policy file');
    return false;
  }
}

function clip(label: string): string {
  return label.length <= CHOICE_LIMITS.maxLabelChars ? label : `${label.slice(0, CHOICE_LIMITS.maxLabelChars - 1)}…`;
}
