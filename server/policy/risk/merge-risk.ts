// Risks put together: the highest grade and the reasons for it, each reason once.
import { higherGrade, RISK_GRADES, type Risk, type RiskGrade } from '../../../shared/permission/risk.js';

const MAX_REASONS = 8;

/** The grade and reasons of graded reasons: the highest grade, and the reasons for it, each once. */
export function riskOf(reasons: Array<[RiskGrade, string]>): Risk {
  if (reasons.length === 0) return { grade: 'low', reasons: ['nothing to do'] };
  const grade = reasons.map(([g]) => g).reduce(higherGrade);
  const ordered = [...reasons].sort((a, b) => RISK_GRADES.indexOf(b[0]) - RISK_GRADES.indexOf(a[0]));
  // Only the reasons for the grade: "runs sh" says nothing more beside "runs what comes through the pipe as a script".
  const kept = ordered.filter(([g]) => g === grade).map(([, text]) => text);
  return { grade, reasons: [...new Set(kept)].slice(0, MAX_REASONS) };
}

/** Several risks as one. */
export function mergeRisks(risks: Risk[]): Risk {
  return riskOf(risks.flatMap((r) => r.reasons.map((text) => [r.grade, text] as [RiskGrade, string])));
}
