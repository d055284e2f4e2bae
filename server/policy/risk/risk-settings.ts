// policy.yaml's `risk:` — what each grade gets when no rule decides a request:
//
//   risk:
//     low: allow      # or ask, or cli; allow holds only inside a project (a folder with .git or .gatehouse)
//     medium: ask     # or allow, or cli
//     high: ask       # or deny; never allow, never cli
//
// `cli` leaves such a call to the agent CLI's own settings (its allow list, its own dialog): the hook passes it and
// the record names the CLI's file and rule that let it through (decided_by agent-settings).
// Missing keys keep their defaults. A project's own file can only narrow (allow there is ignored with a warning);
// across layers the stricter setting holds.
import { isMap, isScalar, type Node as YamlNode, type Pair } from 'yaml';
import { RISK_GRADES, type RiskGrade } from '../../../shared/permission/risk.js';
import type { Decision } from '../types.js';

/** What a grade gets: a decision, or `cli` — the agent CLI's own settings decide (its allow list, else its dialog). */
export type RiskAction = Decision | 'cli';
export type RiskSettings = Record<RiskGrade, RiskAction>;
export const DEFAULT_RISK: RiskSettings = { low: 'allow', medium: 'ask', high: 'ask' };

const ALLOWED: Record<RiskGrade, RiskAction[]> = { low: ['allow', 'ask', 'cli'], medium: ['allow', 'ask', 'cli'], high: ['ask', 'deny'] };
/** `cli` is narrower than allow (the CLI may still ask) and wider than ask (its own allow list may let it through). */
const STRICTNESS: RiskAction[] = ['allow', 'cli', 'ask', 'deny'];

type Report = (node: { range?: [number, number, number?] | null } | null | undefined, message: string) => void;

/** Reads the `risk:` mapping; what is wrong is reported (file:line by the caller) and left out. */
export function readRiskSettings(node: YamlNode | null, key: YamlNode, source: 'person' | 'project', error: Report, warn: Report): Partial<RiskSettings> {
  const out: Partial<RiskSettings> = {};
  if (node === null || (isScalar(node) && node.value === null)) return out;
  if (!isMap(node)) {
    error(node ?? key, 'risk: expected a mapping such as "low: allow", "medium: ask", "high: ask"');
    return out;
  }
  for (const pair of node.items as Array<Pair<YamlNode, YamlNode | null>>) {
    const grade = isScalar(pair.key) ? String(pair.key.value) : '';
    if (!(RISK_GRADES as readonly string[]).includes(grade)) {
      error(pair.key, `risk: unknown grade ${JSON.stringify(grade)}: expected ${RISK_GRADES.join(', ')}`);
      continue;
    }
    const g = grade as RiskGrade;
    const value = isScalar(pair.value) ? pair.value.value : undefined;
    if (g === 'high' && value === 'allow') {
      error(pair.value ?? pair.key, 'risk.high: a high-risk request is never allowed without a rule or a person; expected ask or deny');
      continue;
    }
    if (g === 'high' && value === 'cli') {
      error(pair.value ?? pair.key, "risk.high: a high-risk request is never left to the CLI's own allow list; expected ask or deny");
      continue;
    }
    if (typeof value !== 'string' || !ALLOWED[g].includes(value as RiskAction)) {
      const expected = ALLOWED[g].length > 2 ? `${ALLOWED[g].slice(0, -1).join(', ')} or ${ALLOWED[g].at(-1)}` : ALLOWED[g].join(' or ');
      error(pair.value ?? pair.key, `risk.${g}: expected ${expected} (got ${JSON.stringify(value ?? null)})`);
      continue;
    }
    if (source === 'project' && value === 'allow') {
      warn(pair.value, `risk.${g}: allow ignored: a project's own policy can only narrow; set it in your own policy file`);
      continue;
    }
    out[g] = value as RiskAction;
  }
  return out;
}

/** The settings that hold: the defaults, the person's file over them, then each narrowing layer where it is stricter. */
export function effectiveRisk(layers: Array<{ source: 'person' | 'project'; risk?: Partial<RiskSettings> | null }>): RiskSettings {
  const out = { ...DEFAULT_RISK };
  for (const layer of layers) {
    for (const grade of RISK_GRADES) {
      const set = layer.risk?.[grade];
      if (!set) continue;
      out[grade] = layer.source === 'person' && layer === layers.find((l) => l.source === 'person') ? set : stricter(out[grade], set);
    }
  }
  return out;
}

export function stricter<T extends RiskAction>(a: T, b: T): T {
  return STRICTNESS.indexOf(a) >= STRICTNESS.indexOf(b) ? a : b;
}
