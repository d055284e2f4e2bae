// What the hub's hook routes (standalone and a task's) read from a request: the agent named in the path and the
// CLI's hook input, each refused with the field it came in.
import { RequestValidationError } from '../../shared/validation-error.js';
import type { AgentHooks, PermissionAsk } from './agent-hooks.js';
import { hookAgent } from './hook-agents.js';

export function agentParam(id: string): AgentHooks {
  try {
    return hookAgent(id);
  } catch (err) {
    throw new RequestValidationError([{ field: 'agent', message: (err as Error).message }]);
  }
}

export function permissionInput(agent: AgentHooks, input: unknown): PermissionAsk {
  try {
    return agent.parsePermission(input);
  } catch (err) {
    throw new RequestValidationError([{ field: 'input', message: (err as Error).message }]);
  }
}
