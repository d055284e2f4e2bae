// Every agent CLI's own rules, as `policy import` and `policy check` read them (one reader per CLI beside this file).
import { claudeFiles, qwenFiles, readSettingsRules } from './claude-qwen.js';
import { readCodexRules, readGeminiPolicies } from './codex-gemini.js';
import type { AgentId } from '../tool-kinds.js';
import type { NativeFindings } from './native-rule.js';

export function readNativeRules(agents: readonly AgentId[], options: { env: NodeJS.ProcessEnv; home: string; project: string }): NativeFindings {
  const out: NativeFindings = { rules: [], modes: [], unreadable: [] };
  const { env, home, project } = options;
  for (const agent of agents) {
    if (agent === 'claude') readSettingsRules('claude', claudeFiles(env, home, project), home, out);
    else if (agent === 'qwen') readSettingsRules('qwen', qwenFiles(env, home, project), home, out);
    else if (agent === 'codex') readCodexRules(env, home, project, out);
    else readGeminiPolicies(env.GEMINI_CLI_HOME || home, project, out);
  }
  return out;
}

export type { NativeFindings, NativeMode, NativeRule } from './native-rule.js';
export { where } from './native-rule.js';
