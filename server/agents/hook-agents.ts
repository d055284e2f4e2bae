// The agent CLIs whose permission hooks gatehouse answers: those in registry.ts with a hook contract (<id>/hooks.ts).
import type { AgentHooks } from './agent-hooks.js';
import { agentClis } from './registry.js';

export const hookAgents: AgentHooks[] = agentClis.flatMap((cli) => (cli.hooks ? [cli.hooks] : []));

export function hookAgent(id: string): AgentHooks {
  const agent = hookAgents.find((a) => a.id === id);
  if (!agent) throw new Error(`unknown agent "${id}" (gatehouse answers the hooks of: ${hookAgents.map((a) => a.id).join(', ')})`);
  return agent;
}
