/** Words every interface shares. */
export default {
  status: { pending: 'Pending', submitted: 'Submitted', 'auto-submitted': 'Auto-submitted', cancelled: 'Cancelled', timeout: 'Timed out' },
  interface: { web: 'Web', terminal: 'Terminal', chat: 'Chat', elicitation: 'Client form', agent: 'Agent', pty: 'Terminal task' },
  action: { submit: 'Submit', cancel: 'Cancel', settings: 'Settings', back: 'Back' },
  recommended: 'Recommended',
  remaining: '{{time}} left',
  language: { en: 'English', zh: '简体中文' },
  /** The chat Protocol Block and the MCP client's form (shown to the person, not the agent). */
  gate: {
    heading: '### 🛑 GATE: {{title}}',
    selectOne: '**Select one:**',
    selectRange: '**Select {{range}}** (numbers or labels, separated by commas):',
    howTo: '*Type a number or label to proceed, or `cancel` (optionally `cancel: reason`).*',
    howToFree: '*Type a number, a label or your own answer to proceed, or `cancel` (optionally `cancel: reason`).*',
    noMatch: '“{{input}}” did not match any option. Type a number 1–{{count}} or an option label.',
    empty: 'The reply was empty.',
    tooFew: 'Select at least {{count}} options.',
    tooMany: 'Select at most {{count}} options.',
    formChoice: 'Choice',
    formChoices: 'Choices',
    formNote: 'Note (optional)',
    formNoteHelp: 'Anything the agent should know about your answer.',
    formFreeText: 'Your own answer (optional)',
  },
};
