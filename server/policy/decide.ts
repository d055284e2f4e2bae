// The decision for one permission request: deny over ask over allow, nothing matching asks the person.
// A request is cut into parts first — each simple command of a shell line (nested ones too) and each file it
// writes, each path of an edit, each address of a fetch — and a rule must allow every part on its own; a deny
// that matches any part denies. Writes to protected paths always go to the person (a deny still denies). A bad
// entry in a file is left out (policy-file.ts) and every other rule holds; a file that does not parse at all
// (`broken`) denies by the deny rules of its last valid version and asks the person for everything else. What no rule
// decides, the person's `risk:` setting for the request's risk grade decides (risk/); every decision carries the grade.
import type { ShellWord } from '../shell/shell-word.js';
import { matchBashPattern } from './bash-rule.js';
import { inside, matchPathPattern, resolvePath, type ResolvedPath } from './path-rule.js';
import type { LoadedRule, PolicyLayer } from './policy-file.js';
import { projectRoot } from './project-root.js';
import { candidates } from './rule-index.js';
import type { ProtectedPaths } from './protected-paths.js';
import { commandText, partsOf, type Part } from './request-parts.js';
import type { Rule } from './rule.js';
import { decideByRisk } from './risk/decide-by-risk.js';
import { gradeRequest } from './risk/grade-request.js';
import { effectiveRisk } from './risk/risk-settings.js';
import { classifyTool, type ClassifiedTool } from './tool-kinds.js';
import type { DecidedBy, Decision, DecisionPart, PolicyDecision, PolicyError, PolicyRequest, RuleList } from './types.js';

export interface PolicyContext {
  /** The person's layer first, then the project's (see PolicyLoader.layers). */
  layers: PolicyLayer[];
  home: string;
  protect: ProtectedPaths;
}

export function decide(request: PolicyRequest, context: PolicyContext): PolicyDecision {
  const tool = classifyTool(request.agent, request.tool, request.input);
  const broken = context.layers.find((l) => l.broken);
  const project = resolvePath(request.project || projectRoot(request.cwd), '/', context.home);
  const { parts, protectedPath, functions } = partsOf(tool, request, project, context);
  const graded = gradeRequest(tool, request, project, context, { parts, protectedPath, functions });
  const risk = graded.risk;

  const find = (list: RuleList, part: Part, strict: boolean): LoadedRule | undefined => {
    for (const { loaded } of candidates(context.layers, list, part.kind === 'other' || part.kind === 'mcp' ? 'tool' : part.kind, namesOf(part))) {
      if (inScope(loaded, request.agent, project.real) && matches(loaded, part, tool, project, strict) && (!strict || claudeAllows(loaded.rule, request.agent, tool))) return loaded;
    }
    return undefined;
  };
  const bare = new Set<number>();
  const results: DecisionPart[] = parts.map((part, i) => judge(part, find, () => bare.add(i)));
  for (const [i, part] of parts.entries()) {
    const result = results[i]!;
    // A file the command writes (> out.txt) goes with the command only where a bare Bash allowed it (Claude Code asks otherwise).
    if (part.coveredBy !== undefined && result.decidedBy.kind === 'default' && bare.has(part.coveredBy)) {
      const cover = results[part.coveredBy]!;
      if (cover.decision === 'allow') results[i] = { ...result, decision: 'allow', decidedBy: cover.decidedBy, note: undefined };
    }
  }

  const withParts = (decision: Decision, decidedBy: DecidedBy): PolicyDecision => ({ decision, decidedBy, kind: tool.kind, parts: results, risk });
  const denied = results.find((r) => r.decision === 'deny');
  if (denied) return withParts('deny', denied.decidedBy);
  if (broken) return withParts('ask', { kind: 'policy-error', error: brokenError(broken) });
  if (protectedPath) return withParts('ask', { kind: 'protected', path: protectedPath });
  const asked = results.find((r) => r.decision === 'ask' && r.decidedBy.kind === 'rule');
  if (asked) return withParts('ask', asked.decidedBy);
  if (results.length > 0 && results.every((r) => r.decision === 'allow')) return withParts('allow', results[0]!.decidedBy);
  const byRisk = decideByRisk(results, graded, effectiveRisk(context.layers));
  if (byRisk) return withParts(byRisk.decision, byRisk.decidedBy);
  return withParts('ask', { kind: 'default' });
}

/** Claude Code's edit tools: its allow `Edit` holds for the Edit tool, `Write` for Write; `Write(path)` for none. */
const CLAUDE_EDIT_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);
function claudeAllows(rule: Rule, agent: string, tool: ClassifiedTool): boolean {
  if (rule.kind !== 'Edit' || agent !== 'claude' || !CLAUDE_EDIT_TOOLS.has(tool.tool)) return true;
  if (rule.toolName === 'Edit') return rule.any ? tool.tool === 'Edit' : true;
  return rule.any && rule.toolName === tool.tool;
}

function inScope(rule: LoadedRule, agent: string, project: string): boolean {
  if (rule.agents && !rule.agents.includes(agent as never)) return false;
  if (rule.projects && !rule.projects.some((p) => inside(p, project) !== null)) return false;
  return true;
}

/** The command names a Bash rule must fix to match the part (with and without assignments, path left off). */
function namesOf(part: Part): string[] {
  const command = part.command;
  if (!command) return [];
  const names: string[] = [];
  const first = command.assignments[0] ?? command.argv[0];
  if (first && !first.dynamic) names.push(first.text);
  const name = command.argv[0];
  if (name && !name.dynamic) names.push(name.text, name.text.slice(name.text.lastIndexOf('/') + 1));
  return names;
}

function judge(part: Part, find: (list: RuleList, part: Part, strict: boolean) => LoadedRule | undefined, allowedBare: () => void): DecisionPart {
  const base = { kind: part.kind, text: part.text };
  for (const list of ['deny', 'ask'] as const) {
    const rule = find(list, part, false) ?? namedFind(list, part, find);
    if (rule) return { ...base, decision: list, decidedBy: ruleRef(rule, list) };
  }
  if (part.unallowable) return { ...base, decision: 'ask', decidedBy: { kind: 'default' }, note: part.unallowable };
  const rule = find('allow', part, true);
  if (rule && part.onlyBare && !rule.rule.any) return { ...base, decision: 'ask', decidedBy: { kind: 'default' }, note: part.onlyBare };
  if (rule) {
    if (rule.rule.any) allowedBare();
    return { ...base, decision: 'allow', decidedBy: ruleRef(rule, 'allow') };
  }
  return { ...base, decision: 'ask', decidedBy: { kind: 'default' } };
}

/** A deny or ask rule of Read (and Edit, for a command that writes) over the files a shell command names (cat .env). */
function namedFind(list: RuleList, part: Part, find: (list: RuleList, part: Part, strict: boolean) => LoadedRule | undefined): LoadedRule | undefined {
  for (const { path, writes } of part.named ?? []) {
    for (const kind of writes ? (['Read', 'Edit'] as const) : (['Read'] as const)) {
      const rule = find(list, { kind, text: path.real, path }, false);
      if (rule) return rule;
    }
  }
  return undefined;
}

function ruleRef(rule: LoadedRule, list: RuleList): DecidedBy {
  return { kind: 'rule', rule: rule.rule.text, list, file: rule.file, line: rule.line, ...(rule.note ? { note: rule.note } : {}) };
}

/** A file that does not parse: its first error, and what still holds meanwhile. */
function brokenError(layer: PolicyLayer): PolicyError {
  const first = layer.errors[0] ?? { file: layer.file, line: 1, column: 1, message: 'does not parse' };
  const meanwhile =
    layer.source === 'project'
      ? 'until it is fixed every request in this project goes to the person'
      : layer.lastValid
        ? `until it is fixed the deny rules of its last valid version (${layer.lastValid.file}, saved ${layer.lastValid.savedAt}) still deny and everything else goes to the person`
        : 'until it is fixed every request goes to the person (no valid version was kept to deny by)';
  return { ...first, message: `${first.message} — ${meanwhile}` };
}

function matches(loaded: LoadedRule, part: Part, tool: ClassifiedTool, project: ResolvedPath, strict: boolean): boolean {
  const rule = loaded.rule;
  if (rule.kind === 'tool') return rule.toolName === tool.tool;
  if (rule.kind === 'mcp') {
    if (!tool.mcp) return false;
    return rule.mcp!.server === tool.mcp.server && (rule.mcp!.tool === null || rule.mcp!.tool === tool.mcp.tool);
  }
  if (rule.kind !== part.kind) return false;
  if (rule.any) return true;
  switch (rule.kind) {
    case 'Bash': {
      const command = part.command;
      if (!command) return false;
      const words = [...command.assignments, ...command.argv];
      if (matchBashPattern(rule.bash!, words)) return !strict || !rule.bash!.exact || command.redirects.length > 0 || rule.bash!.text.test(command.text);
      if (strict) return false;
      if (rule.bash!.text.test(commandText(command))) return true;
      // A deny or ask rule also holds without the assignments and with the command's folder left off.
      if (command.assignments.length > 0 && matchBashPattern(rule.bash!, command.argv)) return true;
      const name = command.argv[0];
      if (name && !name.dynamic && name.text.includes('/')) {
        const bare: ShellWord = { ...name, text: name.text.slice(name.text.lastIndexOf('/') + 1) };
        return matchBashPattern(rule.bash!, [bare, ...command.argv.slice(1)]);
      }
      return false;
    }
    case 'Edit':
    case 'Read':
      return part.path !== undefined && matchPathPattern(rule.path!, part.path, project, strict);
    case 'WebFetch':
      return part.host !== undefined && rule.domain!(part.host);
    default:
      return false;
  }
}
