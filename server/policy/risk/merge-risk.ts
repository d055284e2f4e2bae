// Risks put together: the highest grade, its reasons first, each reason once.
import { higherGrade, RISK_GRADES, type Risk, type RiskGrade } from '../../../shared/permission/risk.js';

const MAX_REASONS = 8;

/** The grade and reasons of graded reasons: the highest grade; reasons most serious first, each once. */
export function riskOf(reasons: Array<[RiskGrade, string]>): Risk {
  if (reasons.length === 0) return { grade: 'low', reasons: ['nothing to do'] };
  const grade = reasons.map(([g]) => g).reduce(higherGrade);
  const ordered = [...reasons].sort((a, b) => RISK_GRADES.indexOf(b[0]) - RISK_GRADES.indexOf(a[0]));
  // A low reason says nothing more once a higher one is there.
  const kept = ordered.filter(([g]) => g !== 'low' || grade === 'low').map(([, text]) => text);
  return { grade, reasons: [...new Set(kept)].slice(0, MAX_REASONS) };
}

/** Several risks as one. */
export function mergeRisks(risks: Risk[]): Risk {
  return riskOf(risks.flatMap((r) => r.reasons.map((text) => [r.grade, text] as [RiskGrade, string])));
}
