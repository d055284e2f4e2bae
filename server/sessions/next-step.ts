import type { SessionStatus } from '../../shared/choice/limits.js';

/** Plain words telling the agent what an outcome means and what to do next. */
/** "45 s", "10 min", "2 h": how long a gate waited, as a person says it. */
export function waitedText(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 2 * 3600) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

/** `questionCount`: the gate asked several questions (`questions`), answered in `answers`. `timeoutSeconds`: how long it waited. */
export function nextStepFor(status: SessionStatus, hasFreeText: boolean, questionCount?: number, timeoutSeconds?: number): string {
  if (questionCount !== undefined && status === 'submitted') {
    return `The person answered all ${questionCount} questions: answers[i] is the answer to question i (question_index, selected, free_text when typed); the top-level selected is empty. Proceed with each answer${hasFreeText ? ', reading free_text: it may change what you should do' : ''}.`;
  }
  if (questionCount !== undefined && status === 'auto-submitted') {
    return `Nobody answered before the deadline, so the recommended option(s) of each of the ${questionCount} questions were submitted as the caller asked (answered_by "default"); answers[i] is question i's. Proceed with them, and tell the user this default was applied.`;
  }
  switch (status) {
    case 'pending':
      return 'The person has not answered yet. Call provide_choice again with this session_id to keep waiting; do not act on any option until a final result arrives.';
    case 'submitted':
      return hasFreeText
        ? 'The person answered. Follow the selected option(s) and read free_text and any annotations: they may change what you should do.'
        : 'The person answered. Proceed with the selected option(s), taking any annotations into account.';
    case 'auto-submitted':
      return 'Nobody answered before the deadline, so the recommended option(s) were submitted as the caller asked (answered_by "default"). Proceed with them, and tell the user this default was applied.';
    case 'cancelled':
      return 'The person cancelled. Do not proceed with any of the options; read global_annotation for their reason and ask the user how to continue.';
    case 'timeout':
      return `Timed out: nobody answered${timeoutSeconds ? ` within ${waitedText(timeoutSeconds)}` : ' before the deadline'} (a timeout, not a refusal). Do not assume consent and do not pick an option yourself; the question is closed (a later answer is refused), so do not poll it again. Tell the user nobody answered in time; ask again later with a new provide_choice call, or choose another way.`;
  }
}
