/** Bounds of a choice request, in one place so the schema, the docs and the UIs agree. */
export const CHOICE_LIMITS = {
  minOptions: 1,
  maxOptions: 50,
  defaultTimeoutSeconds: 300,
  minTimeoutSeconds: 10,
  maxTimeoutSeconds: 86_400,
  defaultWaitSeconds: 30,
  maxWaitSeconds: 50,
  maxPromptChars: 20_000,
  maxTitleChars: 200,
  maxContextChars: 200,
  maxLabelChars: 500,
  maxDescriptionChars: 4_000,
  maxAnnotationChars: 10_000,
  /** `questions`: several questions in one gate (like Claude Code's AskUserQuestion). */
  minQuestions: 1,
  maxQuestions: 4,
  maxQuestionChars: 2_000,
  maxHeaderChars: 12,
} as const;

export const INTERFACES = ['auto', 'web', 'terminal', 'chat', 'elicitation'] as const;
export type RequestedInterface = (typeof INTERFACES)[number];
/**
 * The interface that actually carries (or answered) a session (auto is resolved at creation). `telegram`, `cli`
 * (`gatehouse answer`) and `notification` (an action button of the portal's notification, web/sw/) are never
 * requested by an agent: they answer gates carried by any interface.
 */
export type SessionInterface = Exclude<RequestedInterface, 'auto'> | 'telegram' | 'ntfy' | 'cli' | 'notification';

export const SELECTION_MODES = ['single', 'multi'] as const;
export type SelectionMode = (typeof SELECTION_MODES)[number];

export const TIMEOUT_ACTIONS = ['timeout', 'submit_recommended'] as const;
export type TimeoutAction = (typeof TIMEOUT_ACTIONS)[number];

export const SESSION_STATUSES = ['pending', 'submitted', 'auto-submitted', 'cancelled', 'timeout'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
export type FinalStatus = Exclude<SessionStatus, 'pending'>;
