import type { KeyName } from '../../pty/index.js';

/**
 * Answer handlers: small pure functions over an orchestrated task's current screen and context that answer the
 * dialog it shows — an action (keys/text/choice) or null. The first handler that returns an action wins. (Not the
 * permission policy, server/policy/: that decides agents' permission requests from policy.yaml.)
 */

/** What a handler may ask the orchestrator to do. */
export type AnswerAction =
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
    /** How many interactions of this task its answer handlers have answered so far. */
    autoAnswered: number;
  };
}

export type AnswerHandler = (context: HandlerContext) => AnswerAction | null;

/** An adapter's automatic answers (its config key `autoPolicy`, spec: AutoPolicy): flags for autoApprove and answer handlers. */
export interface AutoPolicy {
  /** Appended to the launch command when the task has autoApprove. */
  injectArgs?: string[];
  handlers?: AnswerHandler[];
}
