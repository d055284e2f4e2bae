// `gatehouse policy import`: the CLIs' own rules written into the person's policy.yaml with the yaml Document API
// (comments and layout kept), each entry scoped to its CLI (and to its project when it came from a project's
// file) with a comment naming the file and line it came from. Rules already in the policy are not added again.
import { isSeq, parseDocument, YAMLMap, YAMLSeq, type Scalar } from 'yaml';
import { parsePolicyText } from '../policy-file.js';
import type { RuleList } from '../types.js';
import { where, type NativeRule } from './native-rule.js';

export interface ImportEntry {
  list: RuleList;
  rule: string;
  agent: string;
  project: string | null;
  from: string;
}

export interface ImportPlan {
  before: string;
  after: string;
  added: ImportEntry[];
  /** Already in the policy with the same list, rule and scope (or wider for deny/ask). */
  present: ImportEntry[];
}

export function importEntries(rules: NativeRule[]): ImportEntry[] {
  return rules.flatMap((r) => r.rules.map((rule) => ({ list: r.list, rule, agent: r.agent, project: r.project, from: `${where(r)} (${r.agent}${r.project ? ', project' : ''})` })));
}

/** The policy text with `entries` added. Throws when the current text does not parse (nothing is written then). */
export function planImport(file: string, before: string, entries: ImportEntry[], home: string): ImportPlan {
  const layer = parsePolicyText(before, file, { source: 'person', home });
  if (layer.broken) {
    const e = layer.errors[0]!;
    throw new Error(`${e.file}:${e.line}:${e.column}: ${e.message} — fix the policy file before rules are imported into it`);
  }
  const doc = parseDocument(before);
  if (doc.contents === null) doc.contents = doc.createNode({}) as never;
  const added: ImportEntry[] = [];
  const present: ImportEntry[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const key = `${entry.list}\u0000${entry.rule}\u0000${entry.agent}\u0000${entry.project ?? ''}`;
    const already = layer.rules.some(
      (r) => r.list === entry.list && r.rule.text === entry.rule && (r.agents === null || r.agents.includes(entry.agent as never)) && (r.projects === null || (entry.project !== null && r.projects.includes(entry.project))),
    );
    if (already || seen.has(key)) {
      present.push(entry);
      continue;
    }
    seen.add(key);
    let seq = doc.get(entry.list, true);
    if (!isSeq(seq)) {
      seq = new YAMLSeq();
      doc.set(entry.list, seq);
    }
    const item = new YAMLMap();
    item.set('rule', entry.rule);
    const agents = doc.createNode([entry.agent]) as YAMLSeq;
    agents.flow = true;
    item.set('agents', agents);
    if (entry.project) {
      const projects = doc.createNode([entry.project]) as YAMLSeq;
      projects.flow = true;
      item.set('projects', projects);
    }
    (item as unknown as Scalar).commentBefore = ` imported from ${entry.from}`;
    (seq as YAMLSeq).items.push(item);
    added.push(entry);
  }
  return { before, after: added.length ? doc.toString() : before, added, present };
}
