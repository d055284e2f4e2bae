import type { PolicyAction } from '../policy/policy-types.js';

/** What a TaskRunner tells its listeners. */
export interface TaskRunnerEvents {
  /** The task's state changed (the caller checkpoints and broadcasts). */
  change: [];
  /** A policy answered an interaction without a person. */
  'auto-answered': [action: PolicyAction];
  /** The task waits for a person (WAITING_FOR_USER). */
  'needs-user': [];
  /** Raw output, for UIs that asked for it (attach). Never written anywhere by the orchestrator. */
  data: [data: string];
}
