// One rule in the syntax people know from Claude Code's settings: `Tool` or `Tool(specifier)`.
//   Bash, Bash(*), Bash(npm test), Bash(npm run test:*), Bash(git * main)
//   Edit(src/**), Write(…)/MultiEdit(…)/NotebookEdit(…) (the same kind as Edit), Read(./.env), Read(//etc/**), Read(~/x)
//   WebFetch, WebFetch(domain:example.com), WebSearch
//   mcp__server (every tool of that server), mcp__server__*, mcp__server__tool
//   any other tool name, bare: Glob, TodoWrite, write_todos …
import picomatch from 'picomatch';
import { compileBashPattern, type BashPattern } from './bash-rule.js';
import { compilePathPattern, type PathPattern } from './path-rule.js';

export type RuleKind = 'Bash' | 'Edit' | 'Read' | 'WebFetch' | 'WebSearch' | 'mcp' | 'tool';

export interface Rule {
  /** The rule as written. */
  text: string;
  kind: RuleKind;
  /** Bare (`Bash`, `Edit`, `Bash(*)`): every call of the kind. */
  any: boolean;
  bash?: BashPattern;
  path?: PathPattern;
  domain?: (host: string) => boolean;
  mcp?: { server: string; tool: string | null };
  /** A tool named bare, matched on the name the CLI sends; for Edit rules, the head as written (Edit, Write …). */
  toolName?: string;
}

export interface ParseRuleOptions {
  /** Where a `/path` of Read and Edit rules starts (see compilePathPattern); absent: the project. */
  slashRoot?: string;
}

const KIND_HEADS: Record<string, RuleKind> = {
  Bash: 'Bash',
  Edit: 'Edit',
  Write: 'Edit',
  MultiEdit: 'Edit',
  NotebookEdit: 'Edit',
  Read: 'Read',
  WebFetch: 'WebFetch',
  WebSearch: 'WebSearch',
};

/** A rule that cannot be read; the message says what is wrong, the caller adds where. */
export class RuleError extends Error {}

/** Parses one rule; throws RuleError naming the rule and what is wrong with it. */
export function parseRule(text: string, home: string, options: ParseRuleOptions = {}): Rule {
  const fail = (what: string): never => {
    throw new RuleError(`rule ${JSON.stringify(text)}: ${what}`);
  };
  const trimmed = text.trim();
  if (trimmed === '') fail('empty');
  const open = trimmed.indexOf('(');
  const head = open < 0 ? trimmed : trimmed.slice(0, open);
  if (!/^[A-Za-z_][A-Za-z0-9_.-]*(__\*)?$/.test(head)) fail(`expected a tool name such as Bash, Edit, Read, WebFetch or mcp__server__tool before "("`);
  let spec: string | null = null;
  if (open >= 0) {
    if (!trimmed.endsWith(')')) fail('expected ")" at the end');
    spec = trimmed.slice(open + 1, -1);
    if (spec.trim() === '') fail('empty "()": write the tool name alone to match every call');
  }
  if (head.startsWith('mcp__')) {
    if (spec !== null) fail('an MCP rule takes no "(…)": mcp__server, mcp__server__* or mcp__server__tool');
    const m = /^mcp__([^_]+(?:_[^_]+)*)(?:__(.+))?$/.exec(head);
    if (!m) fail('expected mcp__server or mcp__server__tool');
    const tool = m![2] === undefined || m![2] === '*' ? null : m![2]!;
    return { text: trimmed, kind: 'mcp', any: false, mcp: { server: m![1]!, tool } };
  }
  const kind = KIND_HEADS[head];
  if (!kind) {
    if (spec !== null && spec !== '*') fail(`only Bash, Edit (Write, MultiEdit, NotebookEdit), Read and WebFetch rules take a "(…)"; write ${head} alone`);
    return { text: trimmed, kind: 'tool', any: true, toolName: head };
  }
  if (spec === null || spec === '*') return { text: trimmed, kind, any: true, ...(kind === 'Edit' && { toolName: head }) };
  try {
    switch (kind) {
      case 'Bash':
        return { text: trimmed, kind, any: false, bash: compileBashPattern(spec) };
      case 'Edit':
      case 'Read':
        return { text: trimmed, kind, any: false, path: compilePathPattern(spec, home, options.slashRoot), ...(kind === 'Edit' && { toolName: head }) };
      case 'WebFetch': {
        const m = /^domain:(.+)$/.exec(spec.trim());
        if (!m) throw new Error('expected "domain:example.com"');
        const host = m[1]!.toLowerCase();
        if (/[/:\s]/.test(host)) throw new Error(`expected a host name after "domain:" (got ${JSON.stringify(m[1])})`);
        const match = picomatch(host, { nocase: true });
        return { text: trimmed, kind, any: false, domain: (h) => match(h.toLowerCase()) };
      }
      default:
        throw new Error(`${head} takes no "(…)"`);
    }
  } catch (err) {
    if (err instanceof RuleError) throw err;
    return fail((err as Error).message);
  }
}
