// The risk grade of one permission request (issue 31 §2), from the parts the policy's rules are matched on
// (request-parts.ts: each simple command of a shell line, each file it writes, each path of an edit or read,
// each address of a fetch): every part graded on its own, the request as its highest. Deterministic, read from
// the parse alone: no model, nothing leaves the machine.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Risk } from '../../../shared/permission/risk.js';
import { inside, realPath, resolvePath, type ResolvedPath } from '../path-rule.js';
import type { RequestParts } from '../request-parts.js';
import type { ProtectedPaths } from '../protected-paths.js';
import type { ClassifiedTool } from '../tool-kinds.js';
import type { PolicyRequest } from '../types.js';
import { gradeCommand } from './grade-command.js';
import { mcpRisk } from './mcp-risk.js';
import { mergeRisks, riskOf } from './merge-risk.js';
import { secretPath } from './secrets.js';

export interface GradedRequest {
  risk: Risk;
  /** Each part's own grade, in the order of the parts. */
  parts: Risk[];
  /** The request is in a project (a folder with .git or .gatehouse, not the home folder or /) and runs inside it. */
  inProject: boolean;
}

/** Tools that do nothing outside the agent itself (a plan, a list of tasks, a question, a sub-agent whose own calls come through here). */
const INERT_TOOLS = new Set(['TodoWrite', 'TodoRead', 'Task', 'Agent', 'ExitPlanMode', 'EnterPlanMode', 'AskUserQuestion', 'BashOutput', 'KillShell', 'KillBash', 'write_todos', 'todo_write', 'task', 'exit_plan_mode', 'update_plan']);

export function gradeRequest(tool: ClassifiedTool, request: PolicyRequest, project: ResolvedPath, context: { home: string; protect: ProtectedPaths }, cut: RequestParts): GradedRequest {
  const { parts, protectedPath, functions = [] } = cut;
  const home = context.home;
  const place = { cwd: request.cwd, project: project.real, home };
  const commands = parts.flatMap((p) => (p.command ? [p.command] : []));
  const cdOutside = commands.some((c) => ['cd', 'pushd'].includes(c.argv[0]?.text ?? '') && c.argv.slice(1).some((w) => w.dynamic || (!w.text.startsWith('-') && inside(project.real, resolvePath(w.text, request.cwd, home).real) === null)));
  const graded = parts.map((part): Risk => {
    if (part.unallowable && !part.unallowable.startsWith('the folder it is written in changes')) {
      // Never allowed by a rule, so never by a grade: high, with what the command's own marks say first.
      const own = part.command ? gradeCommand(part.command, place, false) : null;
      return riskOf([...(own?.grade === 'high' ? own.reasons.map((r) => ['high', r] as ['high', string]) : []), ['high', unallowableReason(part.unallowable)]]);
    }
    switch (part.kind) {
      case 'Bash': {
        if (!part.command) return { grade: 'high', reasons: ['the command cannot be read'] };
        const index = commands.indexOf(part.command);
        const runsOther = commands.some((c) => c.parent === index && c.via !== 'substitution' && c.via !== 'here-document');
        return gradeCommand(part.command, place, runsOther);
      }
      case 'Edit': {
        if (part.unallowable) return cdOutside ? { grade: 'high', reasons: ['writes a file in a folder a cd outside the project chose'] } : { grade: 'medium', reasons: ['writes a file inside the project'] };
        if (!part.path) return { grade: 'high', reasons: ['writes a file that cannot be read from the request'] };
        const secret = secretPath(part.path.lexical, home) ?? secretPath(part.path.real, home);
        if (context.protect.match(part.path)) return { grade: 'high', reasons: [`writes a protected file: ${part.path.lexical}`] };
        if (secret) return { grade: 'high', reasons: [`writes a secret: ${secret}`] };
        const rel = inside(project.real, part.path.real);
        if (rel === null) return { grade: 'high', reasons: [`writes outside the project: ${part.path.lexical}`] };
        return { grade: 'medium', reasons: [`writes inside the project: ${rel || '.'}`] };
      }
      case 'Read': {
        if (!part.path) return { grade: 'high', reasons: ['reads a path that cannot be read from the request'] };
        const secret = secretPath(part.path.lexical, home) ?? secretPath(part.path.real, home);
        if (secret) return { grade: 'high', reasons: [`reads a secret: ${secret}`] };
        const rel = inside(project.real, part.path.real);
        if (rel === null) return { grade: 'medium', reasons: [`reads outside the project: ${part.path.lexical}`] };
        return { grade: 'low', reasons: [`reads inside the project: ${rel || '.'}`] };
      }
      case 'WebFetch':
        return { grade: 'medium', reasons: [`fetches from the web (${part.host ?? part.text})`] };
      case 'WebSearch':
        return { grade: 'medium', reasons: ['searches the web'] };
      case 'mcp':
        return tool.mcp ? mcpRisk(tool.mcp) : { grade: 'medium', reasons: [`calls the MCP tool ${tool.tool}`] };
      default:
        return INERT_TOOLS.has(tool.tool) ? { grade: 'low', reasons: [`${tool.tool} acts on nothing outside the agent`] } : { grade: 'medium', reasons: [`runs the tool ${tool.tool}, which gatehouse does not grade`] };
    }
  });
  const extra: Risk[] = protectedPath ? [{ grade: 'high', reasons: [`touches a protected file: ${protectedPath}`] }] : [];
  // `ls() { rm -rf ~; }; ls`, `:(){ :|:& };:` — a later command of that name runs the body, not what its name says.
  if (functions.length > 0) extra.push({ grade: 'high', reasons: [`defines a shell function (${functions.join(', ')}): a command of that name then runs its body`] });
  const risk = graded.length === 0 && extra.length === 0 ? { grade: 'high' as const, reasons: ['nothing in the request can be read'] } : mergeRisks([...graded, ...extra]);
  return { risk, parts: graded, inProject: inProject(project.real, request.cwd, home) };
}

function unallowableReason(note: string): string {
  if (note.startsWith('the shell cannot read it')) return `the shell cannot read it: ${note.slice('the shell cannot read it '.length).replace(/^\(|\)$/g, '')}`;
  if (note.startsWith('it runs code that cannot be read')) return 'runs code that cannot be read before it runs';
  return note;
}

export function inProject(project: string, cwd: string, home: string): boolean {
  if (project === '/' || project === home) return false;
  if (!existsSync(join(project, '.git')) && !existsSync(join(project, '.gatehouse'))) return false;
  return inside(project, realPath(cwd)) !== null;
}
