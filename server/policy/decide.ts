// The decision for one permission request: deny over ask over allow, nothing matching asks the person.
// A request is cut into parts first — each simple command of a shell line (nested ones too) and each file it
// writes, each path of an edit, each address of a fetch — and a rule must allow every part on its own; a deny
// that matches any part denies. Writes to protected paths always go to the person (a deny still denies). A
// policy with an error decides nothing: everything goes to the person.
import { parseShell, type ShellWord, type SimpleCommand } from '../shell/parse-shell.js';
import { matchBashPattern } from './bash-rule.js';
import { inside, matchPathPattern, resolvePath, type ResolvedPath } from './path-rule.js';
import type { LoadedRule, PolicyLayer } from './policy-file.js';
import { projectRoot } from './project-root.js';
import { candidates } from './rule-index.js';
import type { ProtectedPaths } from './protected-paths.js';
import { classifyTool, type ClassifiedTool, type ToolKind } from './tool-kinds.js';
import type { DecidedBy, Decision, DecisionPart, PolicyDecision, PolicyRequest, RuleList } from './types.js';

export interface PolicyContext {
  /** The person's layer first, then the project's (see PolicyLoader.layers). */
  layers: PolicyLayer[];
  home: string;
  protect: ProtectedPaths;
}

/** Commands that only read the files they name: naming a protected file is no write. */
const READ_ONLY = new Set(['cat', 'less', 'more', 'head', 'tail', 'grep', 'egrep', 'fgrep', 'rg', 'ls', 'stat', 'wc', 'diff', 'file', 'jq', 'bat', 'md5sum', 'sha256sum', 'test', '[']);
const DEVICES = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty']);

interface Part {
  kind: ToolKind;
  text: string;
  /** A shell command: its words (assignments first) and the forms a deny/ask rule is also matched on. */
  command?: SimpleCommand;
  path?: ResolvedPath;
  host?: string;
  /** Why no rule may allow it. */
  unallowable?: string;
  /** A written file inside the project: allowed with the command that writes it (index into parts). */
  coveredBy?: number;
}

export function decide(request: PolicyRequest, context: PolicyContext): PolicyDecision {
  const tool = classifyTool(request.agent, request.tool, request.input);
  const error = context.layers.flatMap((l) => l.errors)[0];
  if (error) return { decision: 'ask', decidedBy: { kind: 'policy-error', error }, kind: tool.kind };

  const cwd = request.cwd;
  const project = resolvePath(request.project || projectRoot(cwd), '/', context.home);
  const { parts, protectedPath } = partsOf(tool, request, project, context);
  const find = (list: RuleList, part: Part, strict: boolean): LoadedRule | undefined => {
    for (const { loaded } of candidates(context.layers, list, part.kind === 'other' || part.kind === 'mcp' ? 'tool' : part.kind, namesOf(part))) {
      if (inScope(loaded, request.agent, project.real) && matches(loaded, part, tool, project, strict)) return loaded;
    }
    return undefined;
  };
  const results: DecisionPart[] = parts.map((part) => judge(part, find));
  for (const [i, part] of parts.entries()) {
    const result = results[i]!;
    if (part.coveredBy !== undefined && result.decidedBy.kind === 'default') {
      const cover = results[part.coveredBy]!;
      if (cover.decision === 'allow') results[i] = { ...result, decision: 'allow', decidedBy: cover.decidedBy, note: undefined };
    }
  }

  const withParts = (decision: Decision, decidedBy: DecidedBy): PolicyDecision => ({ decision, decidedBy, kind: tool.kind, parts: results });
  const denied = results.find((r) => r.decision === 'deny');
  if (denied) return withParts('deny', denied.decidedBy);
  if (protectedPath) return withParts('ask', { kind: 'protected', path: protectedPath });
  const asked = results.find((r) => r.decision === 'ask' && r.decidedBy.kind === 'rule');
  if (asked) return withParts('ask', asked.decidedBy);
  if (results.length > 0 && results.every((r) => r.decision === 'allow')) return withParts('allow', results[0]!.decidedBy);
  return withParts('ask', { kind: 'default' });
}

function inScope(rule: LoadedRule, agent: string, project: string): boolean {
  if (rule.agents && !rule.agents.includes(agent as never)) return false;
  if (rule.projects && !rule.projects.some((p) => inside(p, project) !== null)) return false;
  return true;
}

function partsOf(tool: ClassifiedTool, request: PolicyRequest, project: ResolvedPath, context: PolicyContext): { parts: Part[]; protectedPath: string | null } {
  const { home, protect } = context;
  const parts: Part[] = [];
  let protectedPath: string | null = null;
  const guard = (path: ResolvedPath) => {
    protectedPath ??= protect.match(path);
  };
  switch (tool.kind) {
    case 'Bash': {
      if (tool.command === undefined) return { parts: [{ kind: 'Bash', text: '', unallowable: tool.unreadable }], protectedPath };
      const parsed = parseShell(tool.command);
      const lineError = parsed.errors[0];
      const unreadable = lineError ? `the shell cannot read it (line ${lineError.line}, column ${lineError.column})` : undefined;
      if (parsed.commands.length === 0) parts.push({ kind: 'Bash', text: tool.command, unallowable: unreadable ?? 'no command in it' });
      const partOf = new Map<SimpleCommand, number>();
      for (const command of parsed.commands) {
        partOf.set(command, parts.length);
        parts.push({ kind: 'Bash', text: commandText(command), command, unallowable: unreadable ?? whyUnallowable(command) });
        const name = baseName(command.argv[0]);
        if (name === null || !READ_ONLY.has(name)) {
          for (const word of command.argv.slice(1)) {
            const hit = protectedWord(word, request.cwd, home, protect);
            if (hit) protectedPath ??= hit;
          }
        }
      }
      // After a cd the shell's folder is not the agent's: a relative file is then only known when it runs.
      const cdTargets = parsed.commands.filter((c) => ['cd', 'pushd', 'popd'].includes(baseName(c.argv[0]) ?? ''));
      const folders = [request.cwd, ...cdTargets.flatMap((c) => c.argv.slice(1).filter((w) => !w.dynamic && !w.text.startsWith('-')).map((w) => resolvePath(w.text, request.cwd, home).lexical))];
      if (cdTargets.length > 0) {
        for (const command of parsed.commands) {
          const name = baseName(command.argv[0]);
          if (name !== null && READ_ONLY.has(name)) continue;
          for (const word of command.argv.slice(1)) {
            for (const folder of folders.slice(1)) protectedPath ??= protectedWord(word, folder, home, protect);
          }
        }
      }
      for (const redirect of parsed.redirects) {
        if (!redirect.writes || !redirect.target) continue;
        const owner = parsed.commands.findIndex((c) => c.redirects.includes(redirect));
        const target = redirect.target;
        if (target.dynamic || target.glob) {
          for (const folder of folders) protectedPath ??= protectedWord(target, folder, home, protect);
          parts.push({ kind: 'Edit', text: `${redirect.op} ${target.raw}`, unallowable: 'the file written is only known when the command runs' });
          continue;
        }
        for (const folder of folders.slice(1)) guard(resolvePath(target.text, folder, home));
        const path = resolvePath(target.text, request.cwd, home);
        if (DEVICES.has(path.lexical) || path.lexical.startsWith('/dev/fd/')) continue;
        guard(path);
        if (cdTargets.length > 0 && !target.tilde && !target.text.startsWith('/')) {
          parts.push({ kind: 'Edit', text: `${redirect.op} ${target.raw}`, unallowable: 'the folder it is written in changes (cd) before it is written' });
          continue;
        }
        const coveredBy = inside(project.real, path.real) !== null && owner >= 0 ? partOf.get(parsed.commands[owner]!) : undefined;
        parts.push({ kind: 'Edit', text: `${redirect.op} ${path.real}`, path, coveredBy });
      }
      return { parts, protectedPath };
    }
    case 'Edit':
    case 'Read': {
      if (tool.unreadable) return { parts: [{ kind: tool.kind, text: '', unallowable: tool.unreadable }], protectedPath };
      const paths = tool.paths && tool.paths.length > 0 ? tool.paths : tool.kind === 'Read' ? ['.'] : [];
      if (paths.length === 0) return { parts: [{ kind: tool.kind, text: '', unallowable: 'no path in the tool input' }], protectedPath };
      for (const p of paths) {
        const path = resolvePath(p, request.cwd, home);
        if (tool.kind === 'Edit') guard(path);
        parts.push({ kind: tool.kind, text: path.real, path });
      }
      return { parts, protectedPath };
    }
    case 'WebFetch': {
      if (tool.unreadable) return { parts: [{ kind: 'WebFetch', text: '', unallowable: tool.unreadable }], protectedPath };
      for (const url of tool.urls ?? []) {
        let host: string | undefined;
        try {
          host = new URL(url).hostname.toLowerCase();
        } catch {
          host = undefined;
        }
        parts.push({ kind: 'WebFetch', text: url, host, unallowable: host ? undefined : 'not a URL' });
      }
      return { parts, protectedPath };
    }
    case 'mcp':
      return { parts: [{ kind: 'mcp', text: tool.mcp!.name }], protectedPath };
    default:
      return { parts: [{ kind: tool.kind, text: tool.tool }], protectedPath };
  }
}

function whyUnallowable(command: SimpleCommand): string | undefined {
  if (command.opaque) return 'it runs code that cannot be read before it runs (a pipe into a shell, bash -c "$X", eval $X)';
  return undefined;
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

function judge(part: Part, find: (list: RuleList, part: Part, strict: boolean) => LoadedRule | undefined): DecisionPart {
  const base = { kind: part.kind, text: part.text };
  for (const list of ['deny', 'ask'] as const) {
    const rule = find(list, part, false);
    if (rule) return { ...base, decision: list, decidedBy: ruleRef(rule, list) };
  }
  if (part.unallowable) return { ...base, decision: 'ask', decidedBy: { kind: 'default' }, note: part.unallowable };
  const rule = find('allow', part, true);
  if (rule) return { ...base, decision: 'allow', decidedBy: ruleRef(rule, 'allow') };
  return { ...base, decision: 'ask', decidedBy: { kind: 'default' } };
}

function ruleRef(rule: LoadedRule, list: RuleList): DecidedBy {
  return { kind: 'rule', rule: rule.rule.text, list, file: rule.file, line: rule.line };
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
      if (matchBashPattern(rule.bash!, words)) return true;
      if (strict) return false;
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

function baseName(word: ShellWord | undefined): string | null {
  if (!word || word.dynamic) return null;
  return word.text.slice(word.text.lastIndexOf('/') + 1);
}

/** The simple command as words (assignments first), for parts and rules made from a request. */
export function commandText(command: SimpleCommand): string {
  return [...command.assignments, ...command.argv].map((w) => w.raw).join(' ');
}

/** The protected path a word names (an argument, the value of --opt=value), or null. */
function protectedWord(word: ShellWord, cwd: string, home: string, protect: ProtectedPaths): string | null {
  if (word.dynamic) {
    const raw = word.raw.replace(/\$\{?HOME\}?/g, home);
    return protect.fragments.find((f) => raw.includes(f)) ?? null;
  }
  const candidates = [word.text];
  const eq = word.text.indexOf('=');
  if (eq > 0) candidates.push(word.text.slice(eq + 1));
  for (const c of candidates) {
    if (c === '' || (c.startsWith('-') && !c.includes('/'))) continue;
    const path = resolvePath(c, cwd, home);
    // A glob (~/.cl*/settings.json) names whatever files it matches: tried against the protected files by name.
    const hit = word.glob ? protect.matchGlob(path.lexical, [cwd]) : protect.match(path);
    if (hit) return hit;
  }
  return null;
}
