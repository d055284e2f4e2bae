// `gatehouse policy replay` and `gatehouse policy suggest` (issue 21, part 5): a policy decided again for every
// recorded permission request (server/policy/permission-log.ts), and allow rules mined from the person's answers,
// each with what it would have changed.
import type { PermissionRecord } from './permission-log.js';
import type { PolicyEngine } from './engine.js';
import { narrowestRule } from './narrow-rule.js';
import { parsePolicyText, type PolicyLayer } from './policy-file.js';
import type { DecidedBy, Decision, PolicyDecision, PolicyError, PolicyRequest } from './types.js';

const ALLOWED = new Set(['yes', 'session', 'always']);
const REFUSED = new Set(['no', 'never']);

/** The person's answer on a record: allowed, refused, or null when no person answered it. */
export function personAnswer(record: PermissionRecord): 'allowed' | 'refused' | null {
  const by = record.decided_by;
  if (by?.kind !== 'person' || !by.option) return null;
  if (ALLOWED.has(by.option)) return 'allowed';
  if (REFUSED.has(by.option)) return 'refused';
  return null;
}

export function requestOf(record: PermissionRecord): PolicyRequest {
  return { agent: record.agent, tool: record.tool, input: record.input ?? {}, cwd: record.cwd, project: record.project };
}

type Engine = Pick<PolicyEngine, 'decide'>;

function decideAgain(engine: Engine, record: PermissionRecord, extra?: PolicyLayer): PolicyDecision {
  const request = requestOf(record);
  try {
    return engine.decide(request, extra ? [extra] : []);
  } catch (err) {
    const message = (err as Error).message;
    return { decision: 'ask', decidedBy: { kind: 'policy-error', error: { file: 'replay', line: 0, column: 0, message } }, kind: 'other', risk: { grade: 'high', reasons: [`could not be decided again: ${message}`] } };
  }
}

export function describeDecidedBy(by: DecidedBy): string {
  switch (by.kind) {
    case 'rule':
      return `rule ${by.rule} (${by.list}, ${by.file}:${by.line})`;
    case 'protected':
      return `protected path ${by.path}`;
    case 'policy-error':
      return `policy error ${by.error.file}:${by.error.line}:${by.error.column}: ${by.error.message}`;
    case 'risk':
      return `risk ${by.grade} (${by.reasons.join('; ')})`;
    case 'agent-settings':
      return `risk ${by.grade}, left to the CLI's own settings (${by.reasons.join('; ')})`;
    default:
      return 'no rule (ask the person)';
  }
}

export interface ReplayItem {
  id: string;
  time: string;
  agent: string;
  project: string;
  tool: string;
  detail: string;
  /** What happened then: the answer the CLI got and who decided it. */
  was: Decision;
  was_decided_by: string;
  /** refused: the person said no (or never); unseen: no person answered it (a rule, a grant, a timeout …). */
  why: 'refused' | 'unseen';
  /** What in the replayed policy allows it. */
  allowed_by: string;
}

export interface ReplayCounts {
  requests: number;
  decisions: Record<Decision, number>;
  /** Requests a person answered (yes, session, always, no, never). */
  person_answers: number;
  /** Of those, how many the policy would have decided without asking (allow or deny). */
  saved: number;
  /** Of those, how many it would decide the other way from the person (allow what they refused, deny what they allowed). */
  against_person: number;
}

export interface ReplayReport extends ReplayCounts {
  /** Every request the policy would allow that the person refused or that no person saw, oldest first. */
  allowed_unvetted: ReplayItem[];
}

export function replay(records: PermissionRecord[], engine: Engine, extra?: PolicyLayer): ReplayReport {
  const report: ReplayReport = { requests: 0, decisions: { allow: 0, ask: 0, deny: 0 }, person_answers: 0, saved: 0, against_person: 0, allowed_unvetted: [] };
  for (const record of records) {
    const now = decideAgain(engine, record, extra);
    report.requests++;
    report.decisions[now.decision]++;
    const answer = personAnswer(record);
    if (answer) {
      report.person_answers++;
      if (now.decision !== 'ask') report.saved++;
      if ((answer === 'refused' && now.decision === 'allow') || (answer === 'allowed' && now.decision === 'deny')) report.against_person++;
    }
    if (now.decision === 'allow' && answer !== 'allowed') {
      report.allowed_unvetted.push({
        id: record.id,
        time: record.time,
        agent: record.agent,
        project: record.project,
        tool: record.tool,
        detail: record.detail,
        was: record.decision,
        was_decided_by: record.decided_by?.text ?? '',
        why: answer === 'refused' ? 'refused' : 'unseen',
        allowed_by: describeDecidedBy(now.decidedBy),
      });
    }
  }
  return report;
}

export interface Suggestion {
  /** The allow rule, in the policy's syntax. */
  rule: string;
  /** The project it is scoped to. */
  project: string;
  /** The entry to paste under `allow:` in the policy file. */
  yaml: string;
  /** How many times the person allowed a request this rule covers (yes, session, always) … */
  allowed: number;
  /** … and refused one (no, never). */
  refused: number;
  agents: string[];
  /** "you allowed `npm test` in /src/app 41 times". */
  text: string;
  /** The current policy with this rule added, replayed over the same history. */
  replay: ReplayCounts & { allowed_unvetted: number };
}

/**
 * Allow rules mined from the person's answers: for every request the person allowed that the policy does not,
 * the narrowest rules covering it (narrowestRule), counted per project; most allowed first.
 */
export function suggest(records: PermissionRecord[], engine: Engine, home: string): { suggestions: Suggestion[]; errors: PolicyError[] } {
  const groups = new Map<string, { rule: string; project: string; allowed: number; refused: number; agents: Set<string> }>();
  const rulesOf = (record: PermissionRecord): string[] => {
    try {
      return narrowestRule(requestOf(record), { home }).rules;
    } catch {
      return [];
    }
  };
  // The person's allows the policy does not already make, grouped by project and rule …
  for (const record of records) {
    if (personAnswer(record) !== 'allowed' || decideAgain(engine, record).decision === 'allow') continue;
    for (const rule of rulesOf(record)) {
      const key = `${record.project}\u0000${rule}`;
      const group = groups.get(key) ?? { rule, project: record.project, allowed: 0, refused: 0, agents: new Set<string>() };
      group.allowed++;
      group.agents.add(record.agent);
      groups.set(key, group);
    }
  }
  // … and the person's refusals of the same rules in the same project.
  for (const record of records) {
    if (personAnswer(record) !== 'refused') continue;
    for (const rule of rulesOf(record)) {
      const group = groups.get(`${record.project}\u0000${rule}`);
      if (group) group.refused++;
    }
  }

  const suggestions: Suggestion[] = [];
  const errors: PolicyError[] = [];
  for (const g of [...groups.values()].sort((a, b) => b.allowed - a.allowed || a.rule.localeCompare(b.rule))) {
    const yaml = `- rule: ${JSON.stringify(g.rule)}\n  projects: [${JSON.stringify(g.project)}]`;
    const layer = parsePolicyText(`allow:\n${yaml.replace(/^/gm, '  ')}\n`, `(suggested ${g.rule})`, { source: 'person', home });
    if (layer.errors.length > 0) {
      errors.push(...layer.errors);
      continue;
    }
    const counts = replay(records, engine, layer);
    const times = g.allowed === 1 ? 'once' : `${g.allowed} times`;
    suggestions.push({
      rule: g.rule,
      project: g.project,
      yaml,
      allowed: g.allowed,
      refused: g.refused,
      agents: [...g.agents].sort(),
      text: `you allowed \`${g.rule.replace(/^Bash\((.*)\)$/s, '$1')}\` in ${g.project} ${times}${g.refused > 0 ? ` (and refused it ${g.refused === 1 ? 'once' : `${g.refused} times`})` : ''}`,
      replay: { ...counts, allowed_unvetted: counts.allowed_unvetted.length },
    });
  }
  return { suggestions, errors };
}
