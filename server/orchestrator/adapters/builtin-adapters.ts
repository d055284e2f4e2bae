import type { AdapterConfigInput } from '../../agents/adapter-schema.js';
import { agentClis } from '../../agents/registry.js';

/**
 * Launch configs for common programs, as data: the agent CLIs from their folders (server/agents/<id>/adapter.ts,
 * each with a test beside it fed screens recorded from the real CLI), the generic ones here. Users extend or override any of them
 * in <data dir>/adapters.yaml without code changes (see docs/orchestrator.md).
 * `command` is the generic "any command" adapter: the task names the program.
 */
export const BUILTIN_ADAPTERS: Record<string, AdapterConfigInput> = {
  command: {
    description: 'Any interactive program: the task gives `command` (and `args`).',
  },
  bash: {
    description: 'An interactive bash shell; pendingInputs are command lines.',
    command: 'bash',
    args: ['--norc', '--noprofile', '-i'],
    env: { PS1: 'gatehouse$ ' },
    detect: { idle: ['^gatehouse\\$ ?$'] },
  },
  python: {
    description: 'The interactive Python interpreter; pendingInputs are statements.',
    command: 'python3',
    args: ['-i', '-q'],
    detect: { idle: ['^>>> ?$'] },
  },
  ...Object.fromEntries(agentClis.map((cli) => [cli.id, cli.adapter])),
};
