/**
 * One row of the portal's interaction list. Every kind of gate (choice sessions, resolve tasks,
 * orchestrated tasks) is summarised in this one shape so the list renders them uniformly.
 */
export interface InteractionSummary {
  kind: 'choice' | 'resolve' | 'task';
  id: string;
  title: string;
  /** choice: pending|submitted|auto-submitted|cancelled|timeout; other kinds use their own states. */
  status: string;
  /** web | terminal | chat | elicitation | agent | pty */
  interface: string;
  active: boolean;
  /** Who the gate waits on now, if anyone. */
  waiting_on: 'person' | 'agent' | null;
  created_at: string;
  ended_at: string | null;
  deadline_at: string | null;
  /** Path in the portal that shows it, e.g. /choice/<id>. */
  href: string;
}
