import type { ChoiceSessionView } from '../../shared/choice/session-types.js';

/** The start answer: what the agent must do next, in plain words. */
export function pendingStartReply(session: ChoiceSessionView, url: string, terminalCommand: string) {
  const remaining = Math.round(session.remaining_ms / 1000);
  const via = session.interface === 'terminal'
    ? `Ask the user to run this in a terminal: ${terminalCommand}`
    : `The question is open in the gatehouse web portal${''}. If the user does not see it, give them this URL: ${url}`;
  return {
    status: 'pending' as const,
    session_id: session.id,
    url,
    terminal_command: terminalCommand,
    instructions: `${via}\nThen call provide_choice with {"session_id": "${session.id}"} and repeat while status is "pending" (each call waits up to 50 s). Do not act on any option until a final status arrives; the person has ${remaining} s.`,
    remaining_seconds: remaining,
    ...(session.notices.length ? { notices: session.notices } : {}),
  };
}

/** A poll answer: the final result, or pending with the time left. */
export function pollReply(session: ChoiceSessionView) {
  if (session.status !== 'pending' && session.result) return { ...session.result };
  const remaining = Math.round(session.remaining_ms / 1000);
  return {
    status: 'pending' as const,
    session_id: session.id,
    remaining_seconds: remaining,
    next_step: `The person has not answered yet (${remaining} s left). Call provide_choice again with this session_id; do not act on any option yet.`,
  };
}
