import type { ChoiceSessionView } from '../../shared/choice/session-types.js';

/**
 * A choice session as the store keeps it (pending ones too, so they survive a crash): the view the hub
 * serves, less the remaining time, which is computed when a view is made.
 */
export type StoredSession = Omit<ChoiceSessionView, 'remaining_ms'>;
