import type { AdapterConfigInput } from './adapter-schema.js';

/**
 * Launch configs for common CLI agents, as data. Users extend or override any of them in
 * <data dir>/adapters.yaml without code changes (see docs/orchestrator.md).
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
  claude: {
    description: 'Anthropic Claude Code.',
    command: 'claude',
    autoPolicy: {
      injectArgs: ['--dangerously-skip-permissions'],
      handlers: [
        { type: 'choose', when: 'Do you want to (proceed|make this edit|create)', option: "Yes, and don't ask again" },
        { type: 'choose', when: 'Do you want to', option: 'Yes' },
        { type: 'pressEnter', when: 'Press Enter to continue' },
      ],
    },
    detect: { idle: ['^\\s*[>│]\\s*$', '^\\s*│ >\\s*│?$'], busy: ['esc to interrupt'], waiting: ['Do you want to'] },
  },
  codex: {
    description: 'OpenAI Codex CLI.',
    command: 'codex',
    autoPolicy: {
      injectArgs: ['--full-auto'],
      handlers: [{ type: 'choose', when: 'Allow command|Approve|Would you like to run', option: 'Yes' }],
    },
    detect: { idle: ['^\\s*[›>]\\s*$'], busy: ['Esc to interrupt', 'esc to interrupt'] },
  },
  gemini: {
    description: 'Google Gemini CLI.',
    command: 'gemini',
    autoPolicy: {
      injectArgs: ['--yolo'],
      handlers: [{ type: 'choose', when: 'Allow execution|Apply this change', option: 'Yes, allow once' }],
    },
    detect: { idle: ['^\\s*│?\\s*>\\s+(Type your message.*)?│?$'], busy: ['esc to cancel'] },
  },
  aider: {
    description: 'Aider (aider.chat).',
    command: 'aider',
    autoPolicy: {
      injectArgs: ['--yes-always'],
      handlers: [{ type: 'answer', when: '\\(Y\\)es/\\(N\\)o', text: 'y' }],
    },
    detect: { idle: ['^([\\w-]+)?> ?$'] },
  },
};
