// What an agent CLI's own settings do with one call, as far as gatehouse can tell: the first of its own rules that
// covers the call (deny over ask over allow, read with the same engine that reads the person's rules), or none —
// its default then applies (its own dialog, or an approval mode that runs tools unasked). Used where the person's
// `risk:` leaves a grade to the CLI (`cli`): the record names the CLI's file and rule (decided_by agent-settings).
import { homedir } from 'node:os';
import { decide, type PolicyContext } from '../decide.js';
import type { LoadedRule, PolicyLayer } from '../policy-file.js';
import { parseRule } from '../rule.js';
import type { AgentId } from '../tool-kinds.js';
import type { PolicyRequest, RuleList } from '../types.js';
import { readNativeRules } from './read-native.js';
import { where, type NativeMode } from './native-rule.js';

export interface NativeVerdict {
  /** The CLI's own rule that covers the call, as its file writes it; null: none of its rules does. */
  rule: { list: RuleList; native: string; file: string; line: number | null } | null;
  /** Settings that let the CLI run tools unasked (an approval mode, a sandbox), for the record. */
  modes: NativeMode[];
  /** One line for the record. */
  text: string;
}

const HOME_DIR: Record<AgentId, string> = { claude: '.claude', codex: '.codex', gemini: '.gemini', qwen: '.qwen' };
const WHAT_LIST: Record<RuleList, string> = { allow: 'allows it', ask: 'asks about it in its own dialog', deny: 'denies it' };

/**
 * The CLI's own home, from its hook input's transcript path (the CLI's own word, where the hub's HOME may differ):
 * `<home>/.claude/projects/…`, `<home>/.codex/sessions/…`; Claude Code's CLAUDE_CONFIG_DIR is the folder above
 * `projects/`.
 */
export function cliHomes(agent: AgentId, transcriptPath: unknown, env: NodeJS.ProcessEnv, home = homedir()): { env: NodeJS.ProcessEnv; home: string } {
  if (typeof transcriptPath !== 'string' || !transcriptPath.startsWith('/')) return { env, home };
  const marker = `/${HOME_DIR[agent]}/`;
  const at = transcriptPath.indexOf(marker);
  if (at >= 0) return { env: { ...env, CLAUDE_CONFIG_DIR: undefined, CODEX_HOME: undefined, QWEN_HOME: undefined, GEMINI_CLI_HOME: undefined }, home: transcriptPath.slice(0, at) || '/' };
  const config = agent === 'claude' ? /^(.*)\/projects\/[^/]+\/[^/]+$/.exec(transcriptPath)?.[1] : undefined;
  return config ? { env: { ...env, CLAUDE_CONFIG_DIR: config }, home } : { env, home };
}

export function nativeVerdict(request: PolicyRequest & { agent: AgentId }, options: { env: NodeJS.ProcessEnv; home: string; project: string; protect: PolicyContext['protect'] }): NativeVerdict {
  const found = readNativeRules([request.agent], options);
  const rules: LoadedRule[] = [];
  for (const native of found.rules) {
    for (const text of native.rules) {
      try {
        rules.push({ rule: parseRule(text, options.home), list: native.list, file: native.file, line: native.line ?? 0, column: 1, agents: [native.agent], projects: native.project ? [native.project] : null, note: native.native });
      } catch {
        // A translation the engine cannot read is left out: the CLI's default is then what the record says.
      }
    }
  }
  // Its rules alone: no grade allows anything here.
  const layer: PolicyLayer = { file: `${request.agent} settings`, source: 'person', exists: true, rules, errors: [], warnings: [], onTimeout: null, risk: { low: 'ask', medium: 'ask' } };
  const decided = decide({ ...request, project: options.project }, { layers: [layer], home: options.home, protect: options.protect });
  const modes = found.modes;
  const modeText = modes.length ? `; ${modes.map((m) => `${m.setting} = ${JSON.stringify(m.value)} (${where(m)})`).join(', ')}` : '';
  const by = decided.decidedBy;
  if (by.kind === 'rule') {
    const rule = { list: by.list, native: by.note ?? by.rule, file: by.file, line: by.line || null };
    return { rule, modes, text: `its own ${by.list} rule ${rule.native} (${where(rule)}) ${WHAT_LIST[by.list]}${modeText}` };
  }
  const unread = found.rules.filter((r) => r.rules.length === 0).length;
  const left = unread ? ` (${unread} of its rules gatehouse cannot read)` : '';
  return { rule: null, modes, text: `none of its own rules that gatehouse reads covers it${left}, so its default applies${modeText || ': its own dialog'}` };
}
