// A `gatehouse run` task's own scope in the policy (issue 21, part 1): the rules a workflow file gives a task
// (`policy: {allow, ask, deny}`), as one more layer after the person's and the project's. Precedence is the same
// as everywhere: deny over ask over allow, across every layer. A task's allow may widen (the person wrote the
// workflow); a project's own file still only narrows.
import { homedir } from 'node:os';
import type { LoadedRule, PolicyLayer } from './policy-file.js';
import { parseRule } from './rule.js';
import type { RuleList } from './types.js';

export interface TaskPolicyRules {
  allow?: string[];
  ask?: string[];
  deny?: string[];
}

const LISTS: RuleList[] = ['allow', 'ask', 'deny'];

/**
 * The task's rules as a layer whose `file` names the task and the field (`task wf-1.build policy.allow`) and whose
 * `line` is the rule's place in its list (1-based). Throws on a rule that cannot be read (the workflow schema has
 * checked them all before).
 */
export function taskPolicyLayer(task: string, rules: TaskPolicyRules, home = homedir()): PolicyLayer {
  const loaded: LoadedRule[] = [];
  for (const list of LISTS) {
    for (const [i, text] of (rules[list] ?? []).entries()) {
      loaded.push({ rule: parseRule(text, home), list, file: `task ${task} policy.${list}`, line: i + 1, column: 1, agents: null, projects: null });
    }
  }
  return { file: `task ${task} policy`, source: 'person', exists: true, rules: loaded, errors: [], warnings: [], onTimeout: null };
}
