/** Words every interface shares. */
export default {
  status: { pending: 'Pending', submitted: 'Submitted', 'auto-submitted': 'Auto-submitted', cancelled: 'Cancelled', timeout: 'Timed out' },
  interface: { web: 'Web', terminal: 'Terminal', chat: 'Chat', elicitation: 'Client form', agent: 'Agent', pty: 'Terminal task' },
  action: { submit: 'Submit', cancel: 'Cancel', settings: 'Settings', back: 'Back' },
  recommended: 'Recommended',
  remaining: '{{time}} left',
  language: { en: 'English', zh: '简体中文' },
};
