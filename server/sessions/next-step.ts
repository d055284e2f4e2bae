import type { SessionStatus } from '../../shared/choice/limits.js';

/** Plain words telling the agent what an outcome means and what to do next. */
export function nextStepFor(status: SessionStatus, hasFreeText: boolean): string {
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
      return 'Nobody answered before the deadline. Do not assume consent and do not pick an option yourself; the question is closed (a later answer is refused), so do not poll it again. Tell the user nobody answered in time, and ask again with a new provide_choice call only if they want to.';
  }
}
