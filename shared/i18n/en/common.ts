/** Words every interface shares. */
export default {
  status: { pending: 'Pending', submitted: 'Submitted', 'auto-submitted': 'Auto-submitted', cancelled: 'Cancelled', timeout: 'Timed out' },
  interface: { web: 'Web', terminal: 'Terminal', chat: 'Chat', elicitation: 'Client form', telegram: 'Telegram', ntfy: 'ntfy', cli: 'Command line', agent: 'Agent', pty: 'Terminal task' },
  action: { submit: 'Submit', cancel: 'Cancel', settings: 'Settings', back: 'Back' },
  recommended: 'Recommended',
  remaining: '{{time}} left',
  language: { en: 'English', zh: '简体中文' },
  /** Statuses of the portal list's task and resolve rows. */
  taskStatus: { PENDING: 'Queued', RUNNING: 'Running', AWAITING_INTERACTION: 'Awaiting answer', WAITING_FOR_USER: 'Waiting for you', DONE: 'Done', FAILED: 'Failed', INTERRUPTED: 'Interrupted' },
  resolveStatus: { idle: 'Idle', checking_local: 'Checking locally', checking_global: 'Checking globally', selection_required: 'Selection needed', trying_import: 'Trying import', finished: 'Finished', failed: 'Failed' },
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
    /** Several questions in one gate (`questions`). */
    question: 'Question {{n}}',
    howToQuestions: '*Reply with {{count}} lines, one answer per question in order: a number or a label (several separated by commas where more may be picked; your own words where allowed) — or `cancel` (optionally `cancel: reason`) for the whole gate.*',
    answerCount: 'Expected {{expected}} answers, one per line in question order; got {{got}}.',
  },
};
