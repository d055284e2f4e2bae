// The rules of a policy, sorted for one decision: by list, by kind, and Bash rules by their command name, so a
// decision with 1,000 rules tries only the few that can match. Built once per loaded file (a changed file is a
// new layer object, so a new index).
import type { LoadedRule, PolicyLayer } from './policy-file.js';
import type { RuleKind } from './rule.js';
import type { RuleList } from './types.js';

export interface IndexedRule {
  loaded: LoadedRule;
  /** Position across the layers: the person's file first, in file order. */
  order: number;
}

interface ListIndex {
  byKind: Map<RuleKind, IndexedRule[]>;
  /** Bash rules with a fixed command name, by that name. */
  bashByName: Map<string, IndexedRule[]>;
}

export type RuleIndex = Record<RuleList, ListIndex>;

const cache = new WeakMap<PolicyLayer, RuleIndex>();

function indexOf(layer: PolicyLayer, offset: number): RuleIndex {
  let index = cache.get(layer);
  if (index) return index;
  index = { allow: emptyList(), ask: emptyList(), deny: emptyList() };
  layer.rules.forEach((loaded, i) => {
    const list = index![loaded.list];
    const entry = { loaded, order: offset + i };
    const name = loaded.rule.kind === 'Bash' && !loaded.rule.any ? loaded.rule.bash!.name : null;
    if (name !== null) push(list.bashByName, name, entry);
    else push(list.byKind, loaded.rule.kind, entry);
  });
  cache.set(layer, index);
  return index;
}

function emptyList(): ListIndex {
  return { byKind: new Map(), bashByName: new Map() };
}

function push<K>(map: Map<K, IndexedRule[]>, key: K, entry: IndexedRule): void {
  const list = map.get(key);
  if (list) list.push(entry);
  else map.set(key, [entry]);
}

/**
 * The rules of `list` that may match a part of `kind` (Bash: whose command name is one of `names`, or that fix no
 * name), in policy order. Tool and MCP rules come along for every part.
 */
export function candidates(layers: PolicyLayer[], list: RuleList, kind: RuleKind, names: string[]): IndexedRule[] {
  const out: IndexedRule[] = [];
  let offset = 0;
  for (const layer of layers) {
    const index = indexOf(layer, offset)[list];
    offset += 1_000_000;
    for (const k of new Set<RuleKind>([kind, 'tool', 'mcp'])) out.push(...(index.byKind.get(k) ?? []));
    if (kind === 'Bash') for (const name of new Set(names)) out.push(...(index.bashByName.get(name) ?? []));
  }
  return out.length > 1 ? out.sort((a, b) => a.order - b.order) : out;
}
