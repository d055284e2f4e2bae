import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { CHOICE_LIMITS } from '../../shared/choice/limits.js';
import { withLanguageNotice } from '../settings/language.js';

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
    instructions: `${via}\nThen call provide_choice with {"session_id": "${session.id}", "poll": 1} and repeat while status is "pending" with the next_call each pending answer gives (each call waits up to ${CHOICE_LIMITS.defaultWaitSeconds} s, or up to ${CHOICE_LIMITS.maxWaitSeconds} s with wait_seconds). Do not act on any option until a final status arrives; the person has ${remaining} s.`,
    remaining_seconds: remaining,
    ...(withLanguageNotice(session.notices).length ? { notices: withLanguageNotice(session.notices) } : {}),
  };
}

/**
 * A poll answer: the final result, or pending with the time left and the next call to make. The next call
 * counts up (`poll`), so successive polls differ: clients with a loop detector (Gemini CLI stops the 5th
 * identical call) keep waiting for a slow person.
 */
export function pollReply(session: ChoiceSessionView, poll = 0) {
  if (session.status !== 'pending' && session.result) return { ...session.result };
  const remaining = Math.round(session.remaining_ms / 1000);
  const nextCall = { session_id: session.id, poll: poll + 1 };
  return {
    status: 'pending' as const,
    session_id: session.id,
    remaining_seconds: remaining,
    next_call: nextCall,
    next_step: `The person has not answered yet (${remaining} s left). Call provide_choice again with ${JSON.stringify(nextCall)} (poll counts up each time); do not act on any option yet.`,
  };
}
