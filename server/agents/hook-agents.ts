// The agent CLIs whose permission hooks gatehouse answers. Gemini CLI (BeforeTool) and Qwen Code are not
// listed yet: their hooks have not been tried against the real programs.
import type { AgentHooks } from './agent-hooks.js';
import { claudeHooks } from './claude.js';
import { codexHooks } from './codex.js';

export const hookAgents: AgentHooks[] = [claudeHooks, codexHooks];

export function hookAgent(id: string): AgentHooks {
  const agent = hookAgents.find((a) => a.id === id);
  if (!agent) throw new Error(`unknown agent "${id}" (gatehouse answers the hooks of: ${hookAgents.map((a) => a.id).join(', ')})`);
  return agent;
}
