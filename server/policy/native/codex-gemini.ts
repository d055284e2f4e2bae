// Codex 0.169's and Gemini CLI 0.61's own rules. Codex: `prefix_rule(pattern = [...], decision = ...)` in the
// Starlark `.rules` files of ${CODEX_HOME:-~/.codex}/rules and <project>/.codex/rules (a pattern element may be a
// list of alternatives; decision allow | prompt | forbidden, default allow), and the approval settings of its
// config.toml (approval_policy "never", sandbox_mode "danger-full-access" run commands unasked). Gemini CLI: the
// `[[rule]]` tables of the policy TOML files in ~/.gemini/policies and <project>/.gemini/policies (toolName,
// commandPrefix, decision allow | deny | ask_user); argsPattern, commandRegex and modes have no gatehouse rule.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { parseRule } from '../rule.js';
import type { RuleList } from '../types.js';
import { lineFinder, type NativeFindings } from './native-rule.js';

const PLAIN_WORD = /^[A-Za-z0-9_./=:@%+,-]+$/;

function filesIn(dir: string, ext: string): string[] {
  try {
    return readdirSync(dir).filter((n) => n.endsWith(ext)).sort().map((n) => join(dir, n));
  } catch {
    return [];
  }
}

const readText = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

const CODEX_DECISIONS: Record<string, RuleList> = { allow: 'allow', prompt: 'ask', forbidden: 'deny' };

/** A Starlark value made of strings and lists, read as JSON (Starlark's strings and lists are JSON's, with ' too). */
function starlarkList(text: string): unknown {
  const json = text.replace(/'((?:[^'\\]|\\.)*)'/g, (_m, s: string) => JSON.stringify(s.replace(/\\'/g, "'"))).replace(/,\s*]/g, ']');
  return JSON.parse(json);
}

/** Each prefix_rule(...) call's text and where it starts. */
function prefixRuleCalls(text: string): Array<{ body: string; at: number }> {
  const calls: Array<{ body: string; at: number }> = [];
  const re = /(^|\n)[ \t]*prefix_rule\s*\(/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    let depth = 1;
    let i = re.lastIndex;
    let quote: string | null = null;
    for (; i < text.length && depth > 0; i++) {
      const c = text[i]!;
      if (quote) {
        if (c === '\\') i++;
        else if (c === quote) quote = null;
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '#') i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
      else if (c === '(' || c === '[') depth++;
      else if (c === ')' || c === ']') depth--;
    }
    calls.push({ body: text.slice(re.lastIndex, i - 1), at: m.index + m[1]!.length });
  }
  return calls;
}

function argument(body: string, name: string): string | null {
  const m = new RegExp(`(?:^|[,\\s(])${name}\\s*=\\s*`).exec(body);
  if (!m) return null;
  let i = m.index + m[0].length;
  const start = i;
  let depth = 0;
  let quote: string | null = null;
  for (; i < body.length; i++) {
    const c = body[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === ',' && depth === 0) break;
  }
  return body.slice(start, i).replace(/#[^\n]*/g, '').trim();
}

/** Every command prefix a pattern's alternatives make. */
function expand(pattern: unknown[]): string[][] {
  let out: string[][] = [[]];
  for (const el of pattern) {
    const alts = Array.isArray(el) ? el : [el];
    out = out.flatMap((prefix) => alts.map((a) => [...prefix, String(a)]));
  }
  return out;
}

export function readCodexRules(env: NodeJS.ProcessEnv, home: string, project: string, out: NativeFindings): void {
  const codexHome = env.CODEX_HOME || join(home, '.codex');
  for (const [dir, scope] of [[join(codexHome, 'rules'), null], [join(project, '.codex', 'rules'), project]] as const) {
    for (const file of filesIn(dir, '.rules')) {
      const text = readText(file);
      if (text === null) continue;
      for (const call of prefixRuleCalls(text)) {
        const line = text.slice(0, call.at).split('\n').length;
        const native = `prefix_rule(${call.body.replace(/\s+/g, ' ').trim()})`;
        const decisionText = argument(call.body, 'decision');
        const decision = decisionText === null ? 'allow' : decisionText.replace(/^["']|["']$/g, '');
        const list = CODEX_DECISIONS[decision];
        const base = { agent: 'codex' as const, native, file, line, project: scope };
        if (!list) {
          out.rules.push({ ...base, list: 'deny', rules: [], note: `unknown decision ${JSON.stringify(decision)}: left out` });
          continue;
        }
        let pattern: unknown;
        try {
          pattern = starlarkList(argument(call.body, 'pattern') ?? '');
        } catch {
          pattern = null;
        }
        const prefixes = Array.isArray(pattern) && pattern.length > 0 ? expand(pattern) : [];
        const plain = prefixes.length > 0 && prefixes.every((p) => p.every((w) => PLAIN_WORD.test(w)));
        if (!plain) {
          out.rules.push({ ...base, list, rules: [], note: 'its pattern is not a list of plain words gatehouse can write as a Bash rule: left out' });
          continue;
        }
        // Codex matches the pattern as a prefix of the command's words: gatehouse's "words:*".
        out.rules.push({ ...base, list, rules: prefixes.map((p) => parseRule(`Bash(${p.join(' ')}:*)`, home).text) });
      }
    }
  }
  for (const [file, scope] of [[join(codexHome, 'config.toml'), null], [join(project, '.codex', 'config.toml'), project]] as const) {
    const text = readText(file);
    if (text === null) continue;
    let config: Record<string, unknown>;
    try {
      config = parseToml(text) as Record<string, unknown>;
    } catch (err) {
      out.unreadable.push({ agent: 'codex', file, reason: (err as Error).message.split('\n')[0]! });
      continue;
    }
    const line = lineFinder(text);
    void scope;
    if (config.approval_policy === 'never') out.modes.push({ agent: 'codex', file, line: line('approval_policy'), setting: 'approval_policy', value: 'never', note: 'approval_policy "never" runs every command the sandbox allows without asking: no rule can say that, so it is not imported' });
    if (config.sandbox_mode === 'danger-full-access') out.modes.push({ agent: 'codex', file, line: line('sandbox_mode'), setting: 'sandbox_mode', value: 'danger-full-access', note: 'sandbox_mode "danger-full-access" lets commands run with no sandbox: no rule can say that, so it is not imported' });
  }
}

const GEMINI_DECISIONS: Record<string, RuleList> = { allow: 'allow', ask_user: 'ask', deny: 'deny' };
const GEMINI_TOOLS: Record<string, string> = { run_shell_command: 'Bash', read_file: 'Read', web_fetch: 'WebFetch' };
const GEMINI_EDITS = new Set(['write_file', 'replace']);

export function readGeminiPolicies(home: string, project: string, out: NativeFindings): void {
  for (const [dir, scope] of [[join(home, '.gemini', 'policies'), null], [join(project, '.gemini', 'policies'), project]] as const) {
    for (const file of filesIn(dir, '.toml')) {
      const text = readText(file);
      if (text === null) continue;
      let doc: { rule?: unknown };
      try {
        doc = parseToml(text) as { rule?: unknown };
      } catch (err) {
        out.unreadable.push({ agent: 'gemini', file, reason: (err as Error).message.split('\n')[0]! });
        continue;
      }
      const line = lineFinder(text);
      for (const rule of Array.isArray(doc.rule) ? (doc.rule as Array<Record<string, unknown>>) : []) {
        const at = line('[[rule]]');
        const native = JSON.stringify(rule);
        const list = GEMINI_DECISIONS[String(rule.decision)];
        const base = { agent: 'gemini' as const, native, file, line: at, project: scope };
        if (!list) {
          out.rules.push({ ...base, list: 'deny', rules: [], note: `unknown decision ${JSON.stringify(rule.decision)}: left out` });
          continue;
        }
        const tool = typeof rule.toolName === 'string' ? rule.toolName : null;
        const untranslatable = ['argsPattern', 'commandRegex', 'modes', 'mcpName'].filter((k) => rule[k] !== undefined);
        if (!tool || tool.includes('*') || untranslatable.length > 0) {
          out.rules.push({ ...base, list, rules: [], note: `${untranslatable.length ? untranslatable.join(', ') : 'a toolName pattern'} has no gatehouse rule: left out` });
          continue;
        }
        const prefixes = rule.commandPrefix === undefined ? null : Array.isArray(rule.commandPrefix) ? rule.commandPrefix.map(String) : [String(rule.commandPrefix)];
        if (prefixes) {
          if (tool !== 'run_shell_command' || !prefixes.every((p) => p.split(/\s+/).every((w) => PLAIN_WORD.test(w)))) {
            out.rules.push({ ...base, list, rules: [], note: 'a commandPrefix gatehouse cannot write as a Bash rule: left out' });
            continue;
          }
          // Gemini CLI matches a prefix of the command text; gatehouse's "words:*" matches whole words (narrower).
          out.rules.push({ ...base, list, rules: prefixes.map((p) => `Bash(${p.trim().split(/\s+/).join(' ')}:*)`), ...(list === 'allow' ? {} : { note: 'gatehouse matches whole words: "git" does not cover "gitk" as a text prefix does' }) });
          continue;
        }
        if (GEMINI_EDITS.has(tool)) {
          if (list === 'allow') out.rules.push({ ...base, list, rules: [], note: `gatehouse's Edit rule covers every edit tool, wider than ${tool} alone: left out` });
          else out.rules.push({ ...base, list, rules: ['Edit'], note: `read as Edit (every edit tool): stricter` });
          continue;
        }
        out.rules.push({ ...base, list, rules: [GEMINI_TOOLS[tool] ?? tool] });
      }
    }
  }
}
