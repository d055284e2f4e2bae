import type { SessionStatus } from '../../shared/choice/limits.js';

/** Exit codes of `gatehouse ask`, `choose` and `answer` (documented in docs/terminal.md). */
export const EXIT = {
  submitted: 0,
  error: 1,
  usage: 2,
  cancelled: 3,
  timeout: 4,
  hubLost: 5,
  /** The person left the terminal UI (Ctrl-C) and the question is still open. */
  detached: 130,
} as const;

export function exitCodeForStatus(status: SessionStatus): number {
  switch (status) {
    case 'submitted':
    case 'auto-submitted':
      return EXIT.submitted;
    case 'cancelled':
      return EXIT.cancelled;
    case 'timeout':
      return EXIT.timeout;
    case 'pending':
      return EXIT.error;
  }
}
