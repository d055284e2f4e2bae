// Reads a policy file (YAML) into rules that know their file and line:
//
//   on_timeout: ask-cli            # or deny; never allow
//   allow:
//     - Bash(npm test)
//     - rule: Bash(npm run build:*)
//       agents: [claude, codex]    # only these agents (default: all four)
//       projects: [~/src/app]      # only requests whose project is (inside) one of these folders
//   ask:
//     - Bash(git push:*)
//   deny:
//     - Read(./.env)
//   risk:                          # what each risk grade gets when no rule decides (risk/risk-settings.ts)
//     low: allow
//
// Every mistake is an error with file:line:column and what was expected, and only what is wrong is left out: a bad
// entry is skipped (a deny or ask entry whose rule reads but whose agents:/projects: do not holds for every agent
// and project — the stricter reading), an unknown top-level key is a warning (a newer gatehouse's key must not
// switch the policy off), a bad on_timeout reads as deny. A file that does not parse at all (YAML error, not a
// mapping) is `broken`: the loader then keeps the deny rules of its last valid version and everything else asks.
// A project's own file (<project>/.gatehouse/policy.yaml) can only narrow: its allow entries are left out with a
// warning naming file and line.
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode, type Pair } from 'yaml';
import { realPath } from './path-rule.js';
import { parseRule, RuleError, type Rule } from './rule.js';
import { readRiskSettings, type RiskSettings } from './risk/risk-settings.js';
import { AGENT_IDS, isAgentId, type AgentId } from './tool-kinds.js';
import type { PolicyError, PolicyWarning, RuleList } from './types.js';
import { parseRouting, type Routing } from './routing.js';

export type OnTimeout = 'ask-cli' | 'deny';

export interface LoadedRule {
  rule: Rule;
  list: RuleList;
  file: string;
  line: number;
  column: number;
  /** Only for these agents; null: every agent. */
  agents: AgentId[] | null;
  /** Only for requests whose project is one of these folders or inside one (real paths); null: every project. */
  projects: string[] | null;
  /** Where the rule comes from when that is not the file itself: "from the last valid version of …". */
  note?: string;
}

export interface PolicyLayer {
  file: string;
  /** The person's file, or a project's own (which can only narrow). */
  source: 'person' | 'project';
  exists: boolean;
  rules: LoadedRule[];
  errors: PolicyError[];
  warnings: PolicyWarning[];
  /** As the file sets it; null when it does not. */
  onTimeout: OnTimeout | null;
  /** `routing:` as the file sets it (server/policy/routing.ts); absent when it does not. */
  routing?: Routing;
  /** `risk:` as the file sets it (absent keys: not set). */
  risk?: Partial<RiskSettings> | null;
  /**
   * The file does not parse at all (YAML error, not a mapping, cannot be read): `rules` are then only the deny
   * rules of its last valid version (if one was kept), and every request they do not deny asks the person.
   */
  broken?: boolean;
  /** When broken: the kept copy of the last valid version whose deny rules still hold, and when it was saved. */
  lastValid?: { file: string; savedAt: string } | null;
}

const LISTS: RuleList[] = ['allow', 'ask', 'deny'];
const TOP_KEYS = [...LISTS, 'on_timeout', 'risk', 'routing'];
const ENTRY_KEYS = ['rule', 'agents', 'projects'];

export interface ParseOptions {
  source: 'person' | 'project';
  home?: string;
}

/** Reads a policy file's text. Never throws: what is wrong is in `errors`. */
export function parsePolicyText(text: string, file: string, options: ParseOptions): PolicyLayer {
  const home = options.home ?? homedir();
  const layer: PolicyLayer = { file, source: options.source, exists: true, rules: [], errors: [], warnings: [], onTimeout: null };
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const at = (node: { range?: [number, number, number?] | null } | null | undefined) => {
    const pos = lines.linePos(node?.range?.[0] ?? 0);
    return { line: pos.line, column: pos.col };
  };
  const error = (node: { range?: [number, number, number?] | null } | null | undefined, message: string) => layer.errors.push({ file, ...at(node), message });
  const warn = (node: { range?: [number, number, number?] | null } | null | undefined, message: string) => layer.warnings.push({ file, ...at(node), message });

  for (const e of doc.errors) {
    const pos = e.linePos?.[0] ?? lines.linePos(e.pos[0]);
    layer.errors.push({ file, line: pos.line, column: pos.col, message: `YAML: ${e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}` });
  }
  if (layer.errors.length > 0) return { ...layer, broken: true };
  const root = doc.contents;
  if (root === null || (isScalar(root) && (root.value === null || root.value === ''))) return layer;
  if (!isMap(root)) {
    error(root, `expected a mapping with the keys ${TOP_KEYS.join(', ')}`);
    return { ...layer, broken: true };
  }
  for (const pair of root.items as Array<Pair<YamlNode, YamlNode | null>>) {
    const key = isScalar(pair.key) ? String(pair.key.value) : null;
    if (key === null || !TOP_KEYS.includes(key)) {
      warn(pair.key, `unknown key ${JSON.stringify(key ?? String(pair.key))} ignored: expected one of ${TOP_KEYS.join(', ')}`);
      continue;
    }
    if (key === 'routing') {
      if (options.source === 'project') warn(pair.key, "routing: ignored in a project's own file; put it in your own policy file");
      else layer.routing = parseRouting(pair.value, error);
      continue;
    }
    if (key === 'on_timeout') {
      const value = isScalar(pair.value) ? pair.value.value : undefined;
      if (value === 'ask-cli' || value === 'deny') layer.onTimeout = value;
      else {
        // The stricter of the two until it is fixed.
        layer.onTimeout = 'deny';
        if (value === 'allow') error(pair.value ?? pair.key, 'on_timeout: a timeout never allows; expected ask-cli or deny (read as deny until fixed)');
        else error(pair.value ?? pair.key, `on_timeout: expected ask-cli or deny (got ${JSON.stringify(value ?? null)}; read as deny until fixed)`);
      }
      continue;
    }
    if (key === 'risk') {
      layer.risk = readRiskSettings(pair.value, pair.key, options.source, error, warn);
      continue;
    }
    const list = key as RuleList;
    const value = pair.value;
    if (value === null || (isScalar(value) && value.value === null)) continue;
    if (!isSeq(value)) {
      error(value, `${list}: expected a list of rules ("- Bash(npm test)"); the ${list} list is skipped until fixed`);
      continue;
    }
    for (const item of value.items as Array<YamlNode | null>) {
      if (options.source === 'project' && list === 'allow') {
        warn(item, `allow ignored: a project's own policy can only narrow (deny, ask); put allow rules in your own policy file`);
        continue;
      }
      const entry = readEntry(item, list, error, warn, options.source, home);
      if (entry) layer.rules.push({ ...entry, list, file, ...at(entry.node) });
    }
  }
  return layer;
}

type Report = (node: { range?: [number, number, number?] | null } | null | undefined, message: string) => void;

function readEntry(
  item: YamlNode | null,
  list: RuleList,
  error: Report,
  warn: Report,
  source: 'person' | 'project',
  home: string,
): { rule: Rule; agents: AgentId[] | null; projects: string[] | null; node: YamlNode } | null {
  const ruleOf = (node: YamlNode | null | undefined): Rule | null => {
    if (!isScalar(node) || typeof node.value !== 'string') {
      error(node, `${list}: expected a rule such as "Bash(npm test)"${isScalar(node) ? ` (got ${JSON.stringify(node.value)})` : ''}`);
      return null;
    }
    try {
      // `/path` as Claude Code reads it at the same level: the person's ~/.claude, a project's own folder.
      return parseRule(node.value, home, source === 'person' ? { slashRoot: join(home, '.claude') } : {});
    } catch (err) {
      if (!(err instanceof RuleError)) throw err;
      error(node, err.message);
      return null;
    }
  };
  if (!isMap(item)) {
    const rule = ruleOf(item);
    return rule && item ? { rule, agents: null, projects: null, node: item } : null;
  }
  let rule: Rule | null = null;
  let ruleNode: YamlNode | null = null;
  let agents: AgentId[] | null = null;
  let projects: string[] | null = null;
  let ok = true;
  for (const pair of item.items as Array<Pair<YamlNode, YamlNode | null>>) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    if (key === 'rule') {
      ruleNode = pair.value;
      rule = ruleOf(pair.value);
      ok &&= rule !== null;
    } else if (key === 'agents') {
      const names = stringList(pair.value, 'agents', error);
      if (names === null) ok = false;
      else {
        const bad = names.find((n) => !isAgentId(n.value));
        if (bad) {
          error(bad.node, `agents: unknown agent ${JSON.stringify(bad.value)}: expected ${AGENT_IDS.join(', ')}`);
          ok = false;
        } else agents = names.map((n) => n.value as AgentId);
      }
    } else if (key === 'projects') {
      const paths = stringList(pair.value, 'projects', error);
      if (paths === null) ok = false;
      else if (source === 'project') warn(pair.key, "projects: ignored in a project's own file (its rules hold for that project only)");
      else {
        projects = [];
        for (const p of paths) {
          const expanded = p.value === '~' ? home : p.value.startsWith('~/') ? join(home, p.value.slice(2)) : p.value;
          if (!isAbsolute(expanded)) {
            error(p.node, `projects: expected an absolute folder or ~/… (got ${JSON.stringify(p.value)})`);
            ok = false;
          } else projects.push(realPath(expanded));
        }
      }
    } else {
      error(pair.key, `unknown key ${JSON.stringify(key)} in a rule entry: expected ${ENTRY_KEYS.join(', ')}`);
      ok = false;
    }
  }
  if (ruleNode === null && ok) {
    error(item, `${list}: a rule entry needs "rule:" (e.g. rule: Bash(npm test))`);
    return null;
  }
  if (!rule || !ruleNode) return null;
  if (ok) return { rule, agents, projects, node: ruleNode };
  // The rule reads but its scope does not: a deny or ask holds everywhere until fixed; an allow is left out.
  if (list === 'allow') return null;
  warn(ruleNode, `${list} ${rule.text}: its entry has an error (above), so it holds for every agent and project until fixed`);
  return { rule, agents: null, projects: null, node: ruleNode };
}

function stringList(node: YamlNode | null, key: string, error: Report): Array<{ value: string; node: YamlNode }> | null {
  if (isScalar(node) && typeof node.value === 'string') return [{ value: node.value, node }];
  if (!isSeq(node)) {
    error(node, `${key}: expected a list such as [a, b]`);
    return null;
  }
  const out: Array<{ value: string; node: YamlNode }> = [];
  for (const item of node.items as Array<YamlNode | null>) {
    if (!isScalar(item) || typeof item.value !== 'string') {
      error(item ?? node, `${key}: expected text, one per item`);
      return null;
    }
    out.push({ value: item.value, node: item });
  }
  return out;
}

/** A layer for a file that does not exist: no rules, no errors. */
export function missingLayer(file: string, source: 'person' | 'project'): PolicyLayer {
  return { file, source, exists: false, rules: [], errors: [], warnings: [], onTimeout: null };
}
