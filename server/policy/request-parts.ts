// A request cut into the parts a rule must hold for: each simple command of a shell line (nested ones too) and
// each file it writes, each path of an edit or read, each address of a fetch; and the protected path it writes,
// if any. What cannot be known before it runs is marked so that no rule allows it.
import { parseShell, type SimpleCommand } from '../shell/parse-shell.js';
import type { ShellWord } from '../shell/shell-word.js';
import { inside, resolvePath, type ResolvedPath } from './path-rule.js';
import type { ProtectedPaths } from './protected-paths.js';
import type { ClassifiedTool, ToolKind } from './tool-kinds.js';
import type { PolicyRequest } from './types.js';

/** Commands that only read the files they name: naming a protected file is no write. */
const READ_ONLY = new Set(['cat', 'less', 'more', 'head', 'tail', 'grep', 'egrep', 'fgrep', 'rg', 'ls', 'stat', 'wc', 'diff', 'file', 'jq', 'bat', 'md5sum', 'sha256sum', 'test', '[']);
const DEVICES = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty']);

export interface Part {
  kind: ToolKind;
  text: string;
  /** A shell command: its words (assignments first) and the forms a deny/ask rule is also matched on. */
  command?: SimpleCommand;
  path?: ResolvedPath;
  host?: string;
  /** Why no rule may allow it. */
  unallowable?: string;
  /** A written file inside the project: allowed with the command that writes it (index into parts) when a bare Bash allows that. */
  coveredBy?: number;
  /** Why only a bare `Bash` (or `Bash(*)`) allow covers it, as with Claude Code: a prefix rule leaves it to the person. */
  onlyBare?: string;
  /** Files a shell command names (its arguments): deny and ask rules of Read and Edit hold for them too. */
  named?: Array<{ path: ResolvedPath; writes: boolean }>;
}

export interface RequestParts {
  parts: Part[];
  protectedPath: string | null;
  /** Shell functions the command line defines (read by the risk grade). */
  functions?: string[];
}

/** Commands that create, change or remove the files they name (Claude Code asks about those outside the project). */
const WRITES = new Set(['touch', 'mkdir', 'rm', 'rmdir', 'cp', 'mv', 'ln', 'chmod', 'chown', 'tee', 'truncate', 'install', 'dd']);
const SHAPES = { subshell: 'a ( … ) subshell', group: 'a { …; } group', background: 'a trailing & (runs in the background)' };

export function partsOf(tool: ClassifiedTool, request: PolicyRequest, project: ResolvedPath, context: { home: string; protect: ProtectedPaths }): RequestParts {
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
      const shaped = parsed.shapes.length > 0 ? `the line holds ${parsed.shapes.map((s) => SHAPES[s]).join(', ')}` : undefined;
      for (const command of parsed.commands) {
        partOf.set(command, parts.length);
        const name = baseName(command.argv[0]);
        const named = namedPaths(command, request.cwd, home, name !== null && WRITES.has(name));
        const outside = named.find((n) => n.writes && inside(project.real, n.path.real) === null);
        const onlyBare = shaped ?? (outside ? `it writes ${outside.path.lexical}, outside the project` : undefined);
        parts.push({ kind: 'Bash', text: commandText(command), command, unallowable: unreadable ?? whyUnallowable(command), onlyBare, named });
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
      return { parts, protectedPath, functions: parsed.functions };
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

/** The files a command's static arguments name (options left out), resolved from the agent's folder. */
function namedPaths(command: SimpleCommand, cwd: string, home: string, writes: boolean): Array<{ path: ResolvedPath; writes: boolean }> {
  return command.argv
    .slice(1)
    .filter((w) => !w.dynamic && !w.glob && w.text !== '' && !w.text.startsWith('-'))
    .map((w) => ({ path: resolvePath(w.text, cwd, home), writes }));
}

function whyUnallowable(command: SimpleCommand): string | undefined {
  if (command.opaque) return 'it runs code that cannot be read before it runs (a pipe into a shell, bash -c "$X", eval $X)';
  return undefined;
}

export function baseName(word: ShellWord | undefined): string | null {
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
