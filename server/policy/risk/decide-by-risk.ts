// When no rule decides a request, the person's `risk:` setting does (issue 31 §2): each part no rule decided gets
// the setting of its own grade, and the request the strictest of those. An allow by risk holds only for a request
// inside a project (a folder with .git or .gatehouse): elsewhere it asks. A grade set to `cli` leaves the part to the
// agent CLI's own settings (decided_by agent-settings, an ask as far as gatehouse goes): a part the person must be
// asked about (or that is denied) still decides the request.
import type { Decision, DecidedBy, DecisionPart } from '../types.js';
import type { GradedRequest } from './grade-request.js';
import { mergeRisks } from './merge-risk.js';
import { stricter, type RiskAction, type RiskSettings } from './risk-settings.js';

const OUTSIDE = 'not inside a project: a grade allows without asking only inside one';

/** Decides the parts no rule decided (in place) and returns the request's decision, or null when every part was decided by a rule. */
export function decideByRisk(results: DecisionPart[], graded: GradedRequest, settings: RiskSettings): { decision: Decision; decidedBy: DecidedBy } | null {
  const decided: Array<{ action: RiskAction; index: number }> = [];
  results.forEach((result, i) => {
    if (result.decidedBy.kind !== 'default') return;
    const risk = graded.parts[i] ?? graded.risk;
    let action = settings[risk.grade];
    let reasons = risk.reasons;
    if (action === 'allow' && !graded.inProject) {
      action = 'ask';
      reasons = [...reasons, OUTSIDE];
    }
    const kind = action === 'cli' ? 'agent-settings' : 'risk';
    results[i] = { ...result, decision: action === 'cli' ? 'ask' : action, decidedBy: { kind, grade: risk.grade, reasons } };
    decided.push({ action, index: i });
  });
  if (decided.length === 0) return null;
  const action = decided.map((d) => d.action).reduce(stricter);
  const risks = decided.filter((d) => d.action === action).map((d) => results[d.index]!.decidedBy as Extract<DecidedBy, { kind: 'risk' | 'agent-settings' }>);
  const merged = mergeRisks(risks);
  const reasons = risks.some((r) => r.reasons.includes(OUTSIDE)) && !merged.reasons.includes(OUTSIDE) ? [...merged.reasons, OUTSIDE] : merged.reasons;
  const decision: Decision = action === 'cli' ? 'ask' : action;
  return { decision, decidedBy: { kind: action === 'cli' ? 'agent-settings' : 'risk', grade: merged.grade, reasons } };
}
