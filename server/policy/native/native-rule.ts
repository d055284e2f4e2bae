// One rule from an agent CLI's own settings (its allow/ask/deny, a Codex prefix_rule, a Gemini policy rule), with
// where it was found and its gatehouse translation — or why there is none (`policy import`, `policy check`).
import type { AgentId } from '../tool-kinds.js';
import type { RuleList } from '../types.js';

export interface NativeRule {
  agent: AgentId;
  list: RuleList;
  /** The rule as the CLI's file writes it. */
  native: string;
  file: string;
  /** 1-based; null when the place cannot be told. */
  line: number | null;
  /** Set when the rule comes from a project's own file: it holds in that project only. */
  project: string | null;
  /** The gatehouse rules that say exactly the same (several for a Codex pattern with alternatives); empty: none. */
  rules: string[];
  /** Why it is left out (rules empty) or how gatehouse reads it more narrowly. */
  note?: string;
}

/** A setting that lets the CLI run tools unasked and that no rule can say (an approval mode, a sandbox). */
export interface NativeMode {
  agent: AgentId;
  file: string;
  line: number | null;
  setting: string;
  value: unknown;
  note: string;
}

export interface NativeFindings {
  rules: NativeRule[];
  modes: NativeMode[];
  /** Files that exist but cannot be read: what they set is unknown. */
  unreadable: Array<{ agent: AgentId; file: string; reason: string }>;
}

/** The 1-based line of the first occurrence of `needle` at or after `from` (a cursor per file keeps repeats apart). */
export function lineFinder(text: string): (needle: string) => number | null {
  let from = 0;
  return (needle) => {
    const at = text.indexOf(needle, from);
    if (at < 0) return null;
    from = at + needle.length;
    return text.slice(0, at).split('\n').length;
  };
}

export const where = (r: { file: string; line: number | null }) => (r.line === null ? r.file : `${r.file}:${r.line}`);
