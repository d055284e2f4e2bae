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
    description: 'Anthropic Claude Code (tested with 2.1.197): permission requests and turn end through its own hooks.',
    command: 'claude',
    hooks: 'claude',
    autoPolicy: {
      // No flag: --dangerously-skip-permissions is refused when run as root. Every permission request reaches
      // the task's policy through the hook (so a handler can still refuse one); the handlers below are for
      // dialogs on screen the hook did not pre-empt.
      injectArgs: [],
      handlers: [
        { type: 'choose', when: 'Do you want to (proceed|make this edit|create)', option: 'Yes' },
        { type: 'pressEnter', when: 'Press Enter to continue' },
      ],
    },
    detect: { idle: ['^\\s*[>❯│]\\s*$', '^\\s*│ >\\s*│?$'], busy: ['esc to interrupt'], waiting: ['Do you want to'] },
  },
  codex: {
    description: 'OpenAI Codex CLI (tested with 0.169.0): permission requests and turn end through its own hooks.',
    command: 'codex',
    // No background app-server daemon: it would outlive the task.
    args: ['--no-daemon'],
    hooks: 'codex',
    autoPolicy: {
      // --full-auto was removed in 0.169 (exit 2); this is what it stood for.
      injectArgs: ['--sandbox', 'workspace-write', '--ask-for-approval', 'on-request'],
      handlers: [{ type: 'choose', when: 'Allow command|Approve|Would you like to run', option: 'Yes, proceed' }],
    },
    detect: { idle: ['^\\s*[›>]\\s*(Ask Codex to do anything)?$'], busy: ['Esc to interrupt', 'esc to interrupt'] },
  },
  gemini: {
    description: 'Google Gemini CLI (tested with 0.61.0; its hooks are not wired yet: permissions are read from the screen).',
    command: 'gemini',
    autoPolicy: {
      // --yolo is deprecated in 0.61.
      injectArgs: ['--approval-mode', 'yolo'],
      handlers: [{ type: 'choose', when: 'Allow execution|Apply this change', option: 'Allow once' }],
    },
    detect: { idle: ['^\\s*│?\\s*>\\s+(Type your message.*)?│?$'], busy: ['esc to cancel'] },
  },
  qwen: {
    description: 'Qwen Code (tested with 0.15.10, the last release for Node 20; its hooks are not wired yet: permissions are read from the screen).',
    command: 'qwen',
    autoPolicy: {
      injectArgs: ['--approval-mode', 'yolo'],
      handlers: [{ type: 'choose', when: 'Allow execution|Do you want to proceed', option: 'Yes, allow once' }],
    },
    detect: { idle: ['^\\s*>\\s+(Type your message.*)?$'], busy: ['esc to cancel'] },
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
