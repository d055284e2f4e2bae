// Where the person's `risk:` leaves a grade to the agent CLI (`cli`): gatehouse neither allows nor asks — the CLI's
// own settings decide (its allow list, else its own dialog) — and the record names which of the CLI's files and
// rules let the call through (decided_by agent-settings), so `policy log`, replay and suggest see the whole session.
import type { PermissionDecidedBy } from '../../shared/choice/decided-by.js';
import { projectRoot, type PolicyDecision, type PolicyEngine, type PolicyRequest } from '../policy/index.js';
import { cliHomes, nativeVerdict } from '../policy/native/native-verdict.js';
import type { AgentId } from '../policy/tool-kinds.js';
import type { AgentHooks } from './agent-hooks.js';
import type { GateDecision } from './permission-gate.js';

export function leftToAgentSettings(policy: PolicyEngine | null, agent: AgentHooks, request: PolicyRequest, hookInput: Record<string, unknown>, decided: PolicyDecision): GateDecision {
  const by = decided.decidedBy as Extract<PolicyDecision['decidedBy'], { kind: 'agent-settings' }>;
  const setting = `risk: ${by.grade}: cli`;
  let said: string;
  let rule: Pick<PermissionDecidedBy, 'rule' | 'list' | 'file' | 'line'> = {};
  try {
    const homes = cliHomes(agent.id as AgentId, hookInput.transcript_path, process.env);
    const verdict = nativeVerdict({ ...request, agent: agent.id as AgentId }, { ...homes, project: projectRoot(request.cwd), protect: policy!.protect });
    said = verdict.text;
    if (verdict.rule) rule = { rule: verdict.rule.native, list: verdict.rule.list, ...(verdict.rule.line ? { line: verdict.rule.line } : {}), file: verdict.rule.file };
  } catch (err) {
    said = `its own settings could not be read (${(err as Error).message})`;
  }
  const text = `graded ${by.grade} (${by.reasons.join('; ')}), left to ${agent.name}'s own settings (${setting}): ${said}`;
  return { decision: 'ask', message: `gatehouse leaves this to ${agent.name}'s own settings (${setting})`, session_id: null, status: 'decided', decided_by: { kind: 'agent-settings', text, grade: by.grade, reasons: by.reasons, ...rule } };
}
