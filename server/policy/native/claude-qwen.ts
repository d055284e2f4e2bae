// Claude Code 2.1.197's and Qwen Code 0.15.10's own rules: `permissions.allow/ask/deny` in their settings files.
// Claude Code: the user's (~/.claude or $CLAUDE_CONFIG_DIR)/settings.json, the project's .claude/settings.json and
// .claude/settings.local.json. Qwen Code (its permission-manager: rules in Claude Code's syntax, with its own tool
// aliases; `:*` read as ` *`): the user's ($QWEN_HOME or ~/.qwen)/settings.json and the project's
// .qwen/settings.json, with the deprecated tools.allowed (→ allow) and tools.exclude (→ deny).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSettings } from '../../agents/settings-file.js';
import { at } from '../../agents/settings-layers.js';
import { parseRule } from '../rule.js';
import type { AgentId } from '../tool-kinds.js';
import type { RuleList } from '../types.js';
import { lineFinder, type NativeFindings } from './native-rule.js';

interface SettingsSource {
  file: string;
  project: string | null;
}

export function claudeFiles(env: NodeJS.ProcessEnv, home: string, project: string): SettingsSource[] {
  return [
    { file: join(env.CLAUDE_CONFIG_DIR || join(home, '.claude'), 'settings.json'), project: null },
    { file: join(project, '.claude', 'settings.json'), project },
    { file: join(project, '.claude', 'settings.local.json'), project },
  ];
}

export function qwenFiles(env: NodeJS.ProcessEnv, home: string, project: string): SettingsSource[] {
  return [
    { file: join(env.QWEN_HOME || join(home, '.qwen'), 'settings.json'), project: null },
    { file: join(project, '.qwen', 'settings.json'), project },
  ];
}

const LISTS: Array<[string, RuleList]> = [['permissions.allow', 'allow'], ['permissions.ask', 'ask'], ['permissions.deny', 'deny']];
const QWEN_LEGACY: Array<[string, RuleList]> = [['tools.allowed', 'allow'], ['tools.exclude', 'deny']];
const QWEN_UNASKED = new Set(['yolo', 'auto-edit', 'auto_edit', 'autoEdit']);

export function readSettingsRules(agent: 'claude' | 'qwen', sources: SettingsSource[], home: string, out: NativeFindings): void {
  for (const { file, project } of sources) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const read = parseSettings(text);
    if (!read.ok) {
      out.unreadable.push({ agent, file, reason: read.reason ?? 'not a JSON object' });
      continue;
    }
    const line = lineFinder(text);
    for (const [setting, list] of agent === 'qwen' ? [...LISTS, ...QWEN_LEGACY] : LISTS) {
      const value = at(read.settings, setting);
      if (!Array.isArray(value)) continue;
      for (const item of value) {
        if (typeof item !== 'string' || !item.trim()) continue;
        const { rule, note } = agent === 'qwen' ? fromQwen(item, list, home) : fromClaude(item, list, home);
        out.rules.push({ agent, list, native: item, file, line: line(JSON.stringify(item)), project, rules: rule ? [rule] : [], ...(note ? { note } : {}) });
      }
    }
    const mode = agent === 'qwen' ? at(read.settings, 'tools.approvalMode') : at(read.settings, 'permissions.defaultMode');
    if (typeof mode === 'string' && (agent === 'qwen' ? QWEN_UNASKED.has(mode) : mode === 'bypassPermissions' || mode === 'acceptEdits')) {
      const setting = agent === 'qwen' ? 'tools.approvalMode' : 'permissions.defaultMode';
      out.modes.push({ agent, file, line: line(`"${setting.split('.').pop()}"`), setting, value: mode, note: `${setting} "${mode}" runs tools without asking: no rule can say that, so it is not imported` });
    }
  }
}

/** A Claude Code rule is gatehouse's syntax; what gatehouse reads more narrowly or differently is said or left out. */
function fromClaude(text: string, list: RuleList, home: string): { rule: string | null; note?: string } {
  try {
    const rule = parseRule(text, home);
    const spec = text.includes('(') ? text.slice(text.indexOf('(') + 1, -1) : '';
    if ((rule.kind === 'Edit' || rule.kind === 'Read') && /^\/[^/]/.test(spec)) {
      // Claude Code anchors "/path" at the settings file's folder; gatehouse does not read it the same way.
      if (list === 'allow') return { rule: null, note: `"/path" is anchored at the settings file's folder in Claude Code, not so in gatehouse: left out (write it as //absolute/path or ./path)` };
      return { rule: text.trim(), note: 'its "/path" may be anchored differently in gatehouse' };
    }
    return { rule: rule.text };
  } catch (err) {
    return { rule: null, note: `gatehouse cannot read it (${(err as Error).message}): left out` };
  }
}

const QWEN_HEADS: Record<string, string> = {
  run_shell_command: 'Bash', Shell: 'Bash', ShellTool: 'Bash', Bash: 'Bash',
  edit: 'Edit', Edit: 'Edit', EditTool: 'Edit',
  read_file: 'Read', ReadFile: 'Read', ReadFileTool: 'Read', Read: 'Read',
  web_fetch: 'WebFetch', WebFetch: 'WebFetch', WebFetchTool: 'WebFetch',
};
const QWEN_WRITE = new Set(['write_file', 'WriteFile', 'WriteFileTool', 'Write']);

/** A Qwen Code rule: its tool aliases mapped to gatehouse's; a write_file allow would widen (gatehouse's Write is Edit). */
function fromQwen(text: string, list: RuleList, home: string): { rule: string | null; note?: string } {
  const trimmed = text.trim();
  const open = trimmed.indexOf('(');
  const head = open < 0 ? trimmed : trimmed.slice(0, open).trim();
  const spec = open < 0 ? null : trimmed.slice(open);
  let mapped = QWEN_HEADS[head];
  if (!mapped && QWEN_WRITE.has(head)) {
    if (list === 'allow') return { rule: null, note: "Qwen Code's write_file rule covers writing only; gatehouse's Edit/Write rules cover every edit, so the allow would be wider: left out" };
    mapped = 'Edit';
  }
  const candidate = `${mapped ?? head}${spec ?? ''}`;
  try {
    return { rule: parseRule(candidate, home).text, ...(mapped === 'Edit' && QWEN_WRITE.has(head) ? { note: 'read as Edit (covers every edit): stricter' } : {}) };
  } catch (err) {
    return { rule: null, note: `gatehouse cannot read it (${(err as Error).message}): left out` };
  }
}

export type { AgentId };
