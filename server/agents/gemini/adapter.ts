// Google Gemini CLI, as adapter data. Tested with 0.61.0 (screens in test/fixtures/agent-screens/gemini/).
import type { AdapterConfigInput } from '../adapter-schema.js';

export const geminiAdapter: AdapterConfigInput = {
  description:
    'Google Gemini CLI (tested with 0.61.0): tool calls through its BeforeTool hook (run with --approval-mode yolo, the hook as the gate), turn end through AfterAgent.',
  command: 'gemini',
  hooks: 'gemini',
  autoPolicy: {
    // No flag (--yolo is deprecated in 0.61): the per-run hook wiring already runs Gemini with
    // --approval-mode yolo and every tool call Gemini would ask about reaches the task's policy through the
    // hook. The handler is for Gemini's own dialog when the hook left a call to it.
    injectArgs: [],
    handlers: [{ type: 'choose', when: 'Allow execution|Apply this change', option: 'Allow once' }],
  },
  // Without security.auth.selectedType Gemini asks how to sign in (the API key preselected when GEMINI_API_KEY is set).
  dialogs: [
    {
      question: '(How would you like to authenticate for this project\\?)',
      outside: [{ option: 'Sign in with Google', note: 'opens a browser to sign in with Google; cannot finish from here or offline' }],
    },
    // Then the key, prefilled from GEMINI_API_KEY: drawn in place, it is no new line after the pick.
    // What is typed there is masked in all gatehouse relays, stores and logs.
    { question: '(Enter Gemini API Key)', secret: true },
  ],
  // Busy: its working line "⠋ Thinking... (esc to cancel, 0s)" — not the API key dialog's "(Press Enter to submit,
  // Esc to cancel, …)", which read as busy left the key field unasked and the task RUNNING.
  // The prompt marker is `>`, `*` in yolo mode (how gatehouse runs it with hooks).
  detect: { idle: ['^\\s*│?\\s*[>*]\\s+(Type your message.*)?│?$'], busy: ['\\(esc to cancel'] },
};
