// Claude Code, as adapter data. Tested with 2.1.197 (screens in test/fixtures/agent-screens/claude/).
import type { AdapterConfigInput } from '../adapter-schema.js';

export const claudeAdapter: AdapterConfigInput = {
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
  // A new user's onboarding: the reader would ask the hint under the heading ("To change this later, run /theme").
  dialogs: [{ question: '^\\s*(Choose the text style that looks best with your terminal)\\s*$' }],
  detect: { idle: ['^\\s*[>❯│]\\s*$', '^\\s*│ >\\s*│?$'], busy: ['esc to interrupt'], waiting: ['Do you want to'] },
};
