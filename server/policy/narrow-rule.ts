// Rules made from a request, for the grants "always" (an allow rule) and "never" (a deny rule): the narrowest
// rule that covers it — the exact command, the path, the host — and a wider one the person may pick instead
// (the command's leading words + ":*", the path's folder).
import { homedir } from 'node:os';
import { dirname } from 'node:path';
import { parseShell, type SimpleCommand } from '../shell/parse-shell.js';
import { commandText } from './request-parts.js';
import { inside, resolvePath } from './path-rule.js';
import { projectRoot } from './project-root.js';
import { classifyTool } from './tool-kinds.js';
import type { PolicyRequest } from './types.js';

export interface RulesFromRequest {
  /** Rules that together cover the request, narrowest (a shell line: one per simple command). Empty: none can. */
  rules: string[];
  /** A wider alternative for each of `rules` (same order), or null when there is none wider. */
  wider: Array<string | null>;
  /** Why no rule can cover it (code read only when it runs, a syntax error, no path). */
  reason?: string;
}

const SUBCOMMAND = /^[A-Za-z0-9][A-Za-z0-9_.:@+-]*$/;

export function narrowestRule(request: PolicyRequest, options: { home?: string } = {}): RulesFromRequest {
  const home = options.home ?? homedir();
  const tool = classifyTool(request.agent, request.tool, request.input);
  const project = resolvePath(request.project || projectRoot(request.cwd), '/', home).real;
  switch (tool.kind) {
    case 'Bash': {
      if (tool.command === undefined) return { rules: [], wider: [], reason: tool.unreadable };
      const parsed = parseShell(tool.command);
      if (parsed.errors.length > 0) return { rules: [], wider: [], reason: 'the shell cannot read the command' };
      if (parsed.commands.some((c) => c.opaque)) return { rules: [], wider: [], reason: 'it runs code that cannot be read before it runs' };
      const seen = new Set<string>();
      const rules: string[] = [];
      const wider: Array<string | null> = [];
      for (const command of parsed.commands) {
        const rule = `Bash(${commandText(command)})`;
        if (seen.has(rule)) continue;
        seen.add(rule);
        rules.push(rule);
        wider.push(leadingWords(command));
      }
      // A file written by redirection needs its own Edit rule: a Bash rule leaves it to the person (as Claude Code).
      for (const redirect of parsed.redirects) {
        const target = redirect.target;
        if (!redirect.writes || !target || target.dynamic || target.glob || target.text.startsWith('/dev/')) continue;
        const rule = `Edit(${pathSpec(resolvePath(target.text, request.cwd, home).real, project, home)})`;
        if (seen.has(rule)) continue;
        seen.add(rule);
        rules.push(rule);
        wider.push(null);
      }
      return { rules, wider };
    }
    case 'Edit':
    case 'Read': {
      const paths = tool.paths ?? [];
      if (paths.length === 0) return { rules: [], wider: [], reason: tool.unreadable ?? 'no path in the request' };
      const rules: string[] = [];
      const wider: Array<string | null> = [];
      for (const p of paths) {
        const real = resolvePath(p, request.cwd, home).real;
        rules.push(`${tool.kind}(${pathSpec(real, project, home)})`);
        const folder = dirname(real);
        wider.push(folder !== '/' ? `${tool.kind}(${pathSpec(folder, project, home, true)})` : null);
      }
      return { rules, wider };
    }
    case 'WebFetch': {
      const hosts = [...new Set((tool.urls ?? []).flatMap((u) => { try { return [new URL(u).hostname.toLowerCase()]; } catch { return []; } }))];
      if (hosts.length === 0) return { rules: [], wider: [], reason: 'no URL in the request' };
      return { rules: hosts.map((h) => `WebFetch(domain:${h})`), wider: hosts.map(() => null) };
    }
    case 'mcp':
      return { rules: [tool.mcp!.name], wider: [`mcp__${tool.mcp!.server}`] };
    default:
      return { rules: [tool.tool], wider: [null] };
  }
}

/** `npm run test -- --watch` → `Bash(npm run test:*)`: the name and up to two subcommand words. */
function leadingWords(command: SimpleCommand): string | null {
  const words = [...command.assignments];
  for (const w of command.argv) {
    const isName = words.length === command.assignments.length;
    if (w.dynamic || (!isName && (!SUBCOMMAND.test(w.text) || w.raw !== w.text))) break;
    if (words.length - command.assignments.length >= 3) break;
    words.push(w);
  }
  if (words.length === command.assignments.length) return null;
  return `Bash(${words.map((w) => w.raw).join(' ')}:*)`;
}

/** A path as a rule writes it: relative to the project inside it, else ~/… or //absolute. */
function pathSpec(path: string, project: string, home: string, folder = false): string {
  const suffix = folder ? '/**' : '';
  const rel = inside(project, path);
  if (rel !== null) {
    if (rel === '') return '**';
    return (rel.includes('/') || folder ? rel : `./${rel}`) + suffix;
  }
  const inHome = inside(home, path);
  if (inHome !== null && inHome !== '') return `~/${inHome}${suffix}`;
  return `/${path}${suffix}`;
}
