import type { AnswerAction } from '../auto-answers/answer-types.js';

/** What a TaskRunner tells its listeners. */
export interface TaskRunnerEvents {
  /** The task's state changed (the caller checkpoints and broadcasts). */
  change: [];
  /** An answer handler answered an interaction without a person. */
  'auto-answered': [action: AnswerAction];
  /** The task waits for a person (WAITING_FOR_USER). */
  'needs-user': [];
  /** Raw output, for UIs that asked for it (attach). Never written anywhere by the orchestrator. */
  data: [data: string];
}
