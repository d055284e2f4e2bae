// The agent CLIs whose permission hooks gatehouse answers, one file each beside this one.
import type { AgentHooks } from './agent-hooks.js';
import { claudeHooks } from './claude.js';
import { codexHooks } from './codex.js';
import { geminiHooks } from './gemini.js';
import { qwenHooks } from './qwen.js';

export const hookAgents: AgentHooks[] = [claudeHooks, codexHooks, geminiHooks, qwenHooks];

export function hookAgent(id: string): AgentHooks {
  const agent = hookAgents.find((a) => a.id === id);
  if (!agent) throw new Error(`unknown agent "${id}" (gatehouse answers the hooks of: ${hookAgents.map((a) => a.id).join(', ')})`);
  return agent;
}
