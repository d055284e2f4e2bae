import { beforeAll, describe, expect, it } from 'vitest';
import { loadBashParser } from '../shell/tree-sitter-bash.js';
import { parseRule } from './rule.js';

beforeAll(async () => {
  await loadBashParser();
});

describe('parseRule', () => {
  it('reads the forms of Claude Code settings', () => {
    expect(parseRule('Bash', '/h')).toMatchObject({ kind: 'Bash', any: true });
    expect(parseRule('Bash(*)', '/h')).toMatchObject({ kind: 'Bash', any: true });
    expect(parseRule('Bash(npm run test:*)', '/h').bash!.name).toBe('npm');
    expect(parseRule('Write(src/**)', '/h')).toMatchObject({ kind: 'Edit', path: { anchor: 'project', glob: '**/src/**' } });
    expect(parseRule('Read(./.env)', '/h').path).toMatchObject({ anchor: 'project', glob: '**/.env' });
    expect(parseRule('Read(config/secret.json)', '/h').path).toMatchObject({ anchor: 'project', glob: 'config/secret.json' });
    expect(parseRule('Read(/secrets/**)', '/h', { slashRoot: '/h/.claude' }).path).toMatchObject({ anchor: 'absolute', glob: '/h/.claude/secrets/**', alsoProject: { anchor: 'project', glob: 'secrets/**' } });
    expect(parseRule('Read(*.pem)', '/h').path).toMatchObject({ anchor: 'project', glob: '**/*.pem' });
    expect(parseRule('Read(/docs/a.md)', '/h').path).toMatchObject({ anchor: 'project', glob: 'docs/a.md' });
    expect(parseRule('Read(//etc/**)', '/h').path).toMatchObject({ anchor: 'absolute', glob: '/etc/**' });
    expect(parseRule('Edit(~/notes/**)', '/nowhere/h').path).toMatchObject({ anchor: 'absolute', glob: '/nowhere/h/notes/**' });
    expect(parseRule('WebFetch(domain:example.com)', '/h').domain!('EXAMPLE.com')).toBe(true);
    expect(parseRule('mcp__github', '/h').mcp).toEqual({ server: 'github', tool: null });
    expect(parseRule('mcp__github__*', '/h').mcp).toEqual({ server: 'github', tool: null });
    expect(parseRule('mcp__github__create_issue', '/h').mcp).toEqual({ server: 'github', tool: 'create_issue' });
    expect(parseRule('TodoWrite', '/h')).toMatchObject({ kind: 'tool', toolName: 'TodoWrite' });
  });

  it.each([
    ['', 'rule "": empty'],
    ['Bash(npm test', 'rule "Bash(npm test": expected ")" at the end'],
    ['Bash()', 'rule "Bash()": empty "()": write the tool name alone to match every call'],
    ['Bash(npm test && rm x)', 'rule "Bash(npm test && rm x)": names more than one command (;, &&, ||, | or a new line): write one rule per command'],
    ['Bash(npm test > x)', 'rule "Bash(npm test > x)": holds a redirection: a rule names a command, its words only'],
    ['Bash(a:*b)', 'rule "Bash(a:*b)": ":*" may only end the command (npm run test:*)'],
    ['Edit(../x)', 'rule "Edit(../x)": a relative path never reaches outside its project: write //absolute/path or ~/path'],
    ['WebFetch(example.com)', 'rule "WebFetch(example.com)": expected "domain:example.com"'],
    ['Glob(src)', 'rule "Glob(src)": only Bash, Edit (Write, MultiEdit, NotebookEdit), Read and WebFetch rules take a "(…)"; write Glob alone'],
    ['mcp__x(y)', 'rule "mcp__x(y)": an MCP rule takes no "(…)": mcp__server, mcp__server__* or mcp__server__tool'],
    ['(x)', 'rule "(x)": expected a tool name such as Bash, Edit, Read, WebFetch or mcp__server__tool before "("'],
  ])('%j is refused, naming the rule and what is wrong', (text, message) => {
    expect(() => parseRule(text, '/h')).toThrow(message);
  });
});
