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
  // A new user's first start (test/fixtures/agent-screens/codex/sign-in*.json, api-key.json, hooks-review.json).
  // Even with OPENAI_API_KEY set Codex opens at its sign-in choice with "Sign in with ChatGPT" highlighted: that and
  // the device code leave the terminal (offline they never finish); "Sign in another way" → "Use an OpenAI API key"
  // takes the key.
  dialogs: [
    {
      question: '^\\s*(Choose how you want to use Codex\\.)\\s*$',
      outside: [
        { option: 'Sign in with ChatGPT', note: 'opens a browser to sign in with ChatGPT; cannot finish from here or offline' },
        { option: 'Sign in with Device Code', note: 'signs in on another device through auth.openai.com; cannot finish offline' },
      ],
    },
    // The key field: what is typed there is masked in all gatehouse relays, stores and logs.
    { question: '^\\s*(Paste or type your API key below\\.)\\s*$', secret: true },
    { question: '^\\s*(Hooks need review)\\s*$' },
  ],
  detect: {
    idle: ['^\\s*[›>]\\s*(Ask Codex to do anything)?$'],
    // Start-up warnings Codex prints before its TUI, which clears them (its home under a temp dir: gatehouse's
    // tests): still starting, not a question (read as one, the task flashed WAITING_FOR_USER for 0.3–0.8 s).
    // Its composer is drawn a moment before a new user's sign-in screen: typed there, the task's prompt and Enter
    // landed in the sign-in and picked "Sign in with ChatGPT" (a browser sign-in). Its OSC 7501 idle comes once
    // it is really at its prompt.
    idleAfterState: true,
    busy: ['Esc to interrupt', 'esc to interrupt', '^WARNING: (proceeding, even though we could not create PATH aliases|failed to clean up stale arg0)'],
  },
};
