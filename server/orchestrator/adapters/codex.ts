// OpenAI Codex CLI, as adapter data. Tested with 0.169.0 (screens in test/fixtures/agent-screens/codex/).
import type { AdapterConfigInput } from '../adapter-schema.js';

export const codexAdapter: AdapterConfigInput = {
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
};
