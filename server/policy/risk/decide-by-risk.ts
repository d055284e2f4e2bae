// When no rule decides a request, the person's `risk:` setting does (issue 31 §2): each part no rule decided gets
// the setting of its own grade, and the request the strictest of those. An allow by risk holds only for a request
// inside a project (a folder with .git or .gatehouse): elsewhere it asks.
import type { Decision, DecidedBy, DecisionPart } from '../types.js';
import type { GradedRequest } from './grade-request.js';
import { mergeRisks } from './merge-risk.js';
import { stricter, type RiskSettings } from './risk-settings.js';

const OUTSIDE = 'not inside a project: a grade allows without asking only inside one';

/** Decides the parts no rule decided (in place) and returns the request's decision, or null when every part was decided by a rule. */
export function decideByRisk(results: DecisionPart[], graded: GradedRequest, settings: RiskSettings): { decision: Decision; decidedBy: DecidedBy } | null {
  const decided: Array<{ decision: Decision; index: number }> = [];
  results.forEach((result, i) => {
    if (result.decidedBy.kind !== 'default') return;
    const risk = graded.parts[i] ?? graded.risk;
    let decision = settings[risk.grade];
    let reasons = risk.reasons;
    if (decision === 'allow' && !graded.inProject) {
      decision = 'ask';
      reasons = [...reasons, OUTSIDE];
    }
    results[i] = { ...result, decision, decidedBy: { kind: 'risk', grade: risk.grade, reasons } };
    decided.push({ decision, index: i });
  });
  if (decided.length === 0) return null;
  const decision = decided.map((d) => d.decision).reduce(stricter);
  const risks = decided.filter((d) => d.decision === decision).map((d) => results[d.index]!.decidedBy as Extract<DecidedBy, { kind: 'risk' }>);
  const merged = mergeRisks(risks);
  const reasons = risks.some((r) => r.reasons.includes(OUTSIDE)) && !merged.reasons.includes(OUTSIDE) ? [...merged.reasons, OUTSIDE] : merged.reasons;
  return { decision, decidedBy: { kind: 'risk', grade: merged.grade, reasons } };
}
