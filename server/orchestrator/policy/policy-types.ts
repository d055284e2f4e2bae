import type { KeyName } from '../../pty/index.js';

/**
 * Policy handlers: small pure functions over the current screen and the task's context that return an
 * action (keys/text/choice) or null. The first handler that returns an action wins.
 */

/** What a handler may ask the orchestrator to do. */
export type PolicyAction =
  /** Raw bytes to write (already encoded, e.g. "\r"). */
  | { type: 'keys'; keys: string; label?: string }
  /** Named keys of the one key vocabulary (server/pty/keys.ts), pressed one per write in the terminal's current mode. */
  | { type: 'named-keys'; keys: KeyName[]; label?: string }
  /** Text typed verbatim, then Enter unless submit is false. */
  | { type: 'text'; text: string; submit: boolean; label?: string }
  /** Pick the menu option at this index (moved to with arrow keys in the terminal's encoding, then Enter). */
  | { type: 'choose'; index: number; label?: string };

/** What a handler sees: the interaction as parsed by the generic PTY parser plus the task's context. */
export interface HandlerContext {
  /** The question line of the block the program drew since the last input ('' if none). */
  prompt: string;
  /** Menu options parsed by the generic parser (empty for a y/n confirm or a text field). */
  options: ReadonlyArray<{ index: number; text: string }>;
  /** Index of the highlighted option. */
  cursor: number;
  /** The visible screen, plain text. */
  screen: string;
  task: {
    name: string;
    adapter: string;
    /** The task's goal, else the workflow's. */
    goal: string | null;
    sessionGoal: string | null;
    /** How many interactions of this task policies have answered so far. */
    autoAnswered: number;
  };
}

export type PolicyHandler = (context: HandlerContext) => PolicyAction | null;

/** An adapter's automation policy (spec: AutoPolicy). */
export interface AutoPolicy {
  /** Appended to the launch command when the task has autoApprove. */
  injectArgs?: string[];
  handlers?: PolicyHandler[];
}
