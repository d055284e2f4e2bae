// The risk grade of one permission request (issue 31 §2): low / medium / high with the reasons, computed by the
// hub's policy engine from the same parse its rules use (server/policy/risk/), deterministic, nothing leaves the
// machine. Carried by the permission view of a gate (portal, terminal UI, Telegram, ntfy, history), by the
// permission log's records and by `policy test`; routing (policy.yaml `routing:`) reads `grade`. Types only: the
// portal's bundle carries no validation library.

export type RiskGrade = 'low' | 'medium' | 'high';

export const RISK_GRADES: readonly RiskGrade[] = ['low', 'medium', 'high'];

export interface Risk {
  grade: RiskGrade;
  /**
   * Why, in words, most serious first: "runs as root (sudo)", "writes outside the project: /etc/hosts",
   * "reads inside the project". Never empty.
   */
  reasons: string[];
}

/** The higher of two grades. */
export function higherGrade(a: RiskGrade, b: RiskGrade): RiskGrade {
  return RISK_GRADES.indexOf(a) >= RISK_GRADES.indexOf(b) ? a : b;
}
