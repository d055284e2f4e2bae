// `gatehouse policy replay --risk`: every recorded request decided again under the current rules, and for each
// of the eight `risk:` settings (low allow|ask × medium allow|ask × high ask|deny) how many of them would have
// been put to a person and how many denied — what a setting would have cost and saved, on the person's own record.
import { homedir } from 'node:os';
import { RISK_GRADES, type RiskGrade } from '../../../shared/permission/risk.js';
import type { PermissionRecord } from '../permission-log.js';
import type { PolicyLayer } from '../policy-file.js';
import { requestOf } from '../replay.js';
import type { Decision, PolicyDecision, PolicyRequest } from '../types.js';
import { inProject } from './grade-request.js';
import { effectiveRisk, stricter, type RiskSettings } from './risk-settings.js';

export interface RiskSettingRow {
  setting: RiskSettings;
  /** The person's own setting (their file's `risk:`, defaults filled in). */
  current: boolean;
  asked: number;
  denied: number;
  allowed: number;
}

export interface RiskReplay {
  requests: number;
  /** Decided by a rule, a protected path or a policy error: the same under every setting. */
  by_rules: number;
  /** Requests some part of which no rule decides, by the highest grade of those parts. */
  by_grade: Record<RiskGrade, number>;
  /** Of the low ones, those outside a project (an allow by grade asks there). */
  low_outside_project: number;
  settings: RiskSettingRow[];
}

interface Engine {
  decide(request: PolicyRequest, extra?: PolicyLayer[]): PolicyDecision;
  layers(project: string): PolicyLayer[];
}

export function riskReplay(records: PermissionRecord[], engine: Engine, home = homedir()): RiskReplay {
  const settings: RiskSettings[] = [];
  for (const low of ['allow', 'ask'] as const) for (const medium of ['allow', 'ask'] as const) for (const high of ['ask', 'deny'] as const) settings.push({ low, medium, high });
  const person = effectiveRisk(engine.layers('/').filter((l) => l.source === 'person'));
  const rows: RiskSettingRow[] = settings.map((s) => ({ setting: s, current: RISK_GRADES.every((g) => s[g] === person[g]), asked: 0, denied: 0, allowed: 0 }));
  const out: RiskReplay = { requests: 0, by_rules: 0, by_grade: { low: 0, medium: 0, high: 0 }, low_outside_project: 0, settings: rows };
  for (const record of records) {
    out.requests++;
    let decided: PolicyDecision;
    try {
      decided = engine.decide(requestOf(record));
    } catch {
      out.by_rules++;
      for (const row of rows) row.asked++;
      continue;
    }
    const byGrade = (kind: string) => kind === 'risk' || kind === 'agent-settings';
    const grades = (decided.parts ?? []).flatMap((p) => (p.decidedBy.kind === 'risk' || p.decidedBy.kind === 'agent-settings' ? [p.decidedBy.grade] : []));
    if (!byGrade(decided.decidedBy.kind) || grades.length === 0) {
      out.by_rules++;
      for (const row of rows) count(row, decided.decision);
      continue;
    }
    const top = grades.reduce((a, b) => (RISK_GRADES.indexOf(a) >= RISK_GRADES.indexOf(b) ? a : b));
    out.by_grade[top]++;
    const inside = inProject(record.project, record.cwd, home);
    if (top === 'low' && !inside) out.low_outside_project++;
    for (const row of rows) {
      const each = grades.map((g) => (row.setting[g] === 'allow' && !inside ? 'ask' : row.setting[g]));
      count(row, each.reduce(stricter));
    }
  }
  return out;
}

/** A grade left to the CLI (`cli`) counts as asked: gatehouse does not know what the CLI's own settings do with it. */
function count(row: RiskSettingRow, decision: Decision | 'cli'): void {
  if (decision === 'ask' || decision === 'cli') row.asked++;
  else if (decision === 'deny') row.denied++;
  else row.allowed++;
}
