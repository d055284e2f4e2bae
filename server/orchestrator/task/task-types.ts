/**
 * States and shapes shared by the orchestrator's parts (sessions, executor, hub plugin, UIs).
 * Everything here is plain JSON so it can be checkpointed and sent over the wire as is.
 */

/** A task's lifecycle. WAITING_FOR_USER = the program waits and no answer handler answered: a person must. */
export type TaskStatus = 'PENDING' | 'RUNNING' | 'AWAITING_INTERACTION' | 'WAITING_FOR_USER' | 'DONE' | 'FAILED';

/** A workflow session's lifecycle. */
export type SessionStatus = 'RUNNING' | 'AWAITING_INTERACTION' | 'DONE' | 'FAILED' | 'INTERRUPTED';

export const FINISHED_TASK_STATUSES: ReadonlySet<TaskStatus> = new Set(['DONE', 'FAILED']);

/** One option of a menu the program drew, as parsed by the generic PTY parser. */
export interface MenuOptionView {
  index: number;
  text: string;
}

/** What the program asks right now (set while the task waits). */
export interface InteractionView {
  prompt: string;
  options: MenuOptionView[];
  cursor: number;
  /** The visible screen, plain text (ANSI-free), for UIs and handlers. */
  screen: string;
  /** A permission request from the agent's hook: the permission gate (choice session id) it waits on. */
  gate?: string;
}

/** A task as checkpointed and shown to UIs. */
export interface TaskState {
  id: string;
  /** Index of the stage and of the task within it. */
  stage: number;
  name: string;
  adapter: string;
  goal: string | null;
  status: TaskStatus;
  autoApprove: boolean;
  keepAlive: boolean;
  /** The inputs still to send, in order (consumed as the program idles). */
  pendingInputs: string[];
  /** The command line actually launched (command + args, injectArgs included). */
  command: string[] | null;
  pid: number | null;
  /** Set while the task waits (AWAITING_INTERACTION / WAITING_FOR_USER). */
  interaction: InteractionView | null;
  /** Why the task failed. */
  error: string | null;
  exitCode: number | null;
  /** How many prompts policies answered without a person. */
  autoAnswered: number;
  /** true while the PTY process lives (keepAlive tasks stay alive after DONE). */
  alive: boolean;
  startedAt: string | null;
  endedAt: string | null;
  /** One line per status change: the signal that decided it (screen, agent hook, policy, person, exit). */
  explain?: string[];
}

/** A workflow run, checkpointed as one JSON file. */
export interface WorkflowSessionState {
  id: string;
  /** The workflow's name (from the file, else the file name). */
  name: string;
  /** The workflow's goal (WorkflowSession goal), available to every task and handler. */
  goal: string | null;
  /** Where the workflow came from (absolute path), if a file. */
  source: string | null;
  /** Directory tasks run in unless they set `cwd`. */
  cwd: string;
  status: SessionStatus;
  currentStageIndex: number;
  /** The validated workflow definition, so a resume needs no file. */
  workflow: import('../workflow/workflow-schema.js').WorkflowDefinition;
  /** Tasks of every stage started so far (earlier stages kept for the record). */
  tasks: TaskState[];
  error: string | null;
  createdAt: string;
  updatedAt: string;
}
