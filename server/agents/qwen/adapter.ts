// Qwen Code, as adapter data. Tested with 0.15.10, the last release for Node 20 (screens in
// test/fixtures/agent-screens/qwen/).
import type { AdapterConfigInput } from '../adapter-schema.js';

export const qwenAdapter: AdapterConfigInput = {
  description: 'Qwen Code (tested with 0.15.10, the last release for Node 20): permission requests and turn end through its own hooks.',
  command: 'qwen',
  hooks: 'qwen',
  autoPolicy: {
    // No flag: every permission request reaches the task's policy through the PermissionRequest hook; the
    // handler is for Qwen Code's own dialog when the hook left a request to it.
    injectArgs: [],
    handlers: [{ type: 'choose', when: 'Allow execution|Do you want to proceed', option: 'Yes, allow once' }],
  },
  // Without a model set Qwen Code asks how to sign in ("Custom Provider" for an OpenAI-compatible server).
  dialogs: [
    {
      question: '(Select Authentication Method)',
      outside: [{ option: 'OAuth', note: 'opens a browser to sign in; cannot finish from here or offline' }],
    },
  ],
  // Qwen Code leaves the cursor on an empty line below its input box: its empty prompt is found on the screen.
  detect: {
    idle: ['^\\s*>\\s+(Type your message.*)?$'],
    idleScreen: ['^>\\s+Type your message'],
    busy: ['esc to cancel'],
    waiting: ['Allow execution of', 'Do you want to proceed'],
  },
};
