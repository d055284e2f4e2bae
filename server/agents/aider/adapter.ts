// Aider, as adapter data. Written from its documentation: never run against the real program here.
import type { AdapterConfigInput } from '../adapter-schema.js';

export const aiderAdapter: AdapterConfigInput = {
  description: 'Aider (aider.chat).',
  command: 'aider',
  autoPolicy: {
    injectArgs: ['--yes-always'],
    handlers: [{ type: 'answer', when: '\\(Y\\)es/\\(N\\)o', text: 'y' }],
  },
  detect: { idle: ['^([\\w-]+)?> ?$'] },
};
