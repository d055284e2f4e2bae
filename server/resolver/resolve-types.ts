/** The states of a resolve task, exactly as the guideline names them. */
export type ResolveState = 'idle' | 'checking_local' | 'checking_global' | 'selection_required' | 'trying_import' | 'finished' | 'failed';

export const TERMINAL_STATES: readonly ResolveState[] = ['finished', 'failed'];

/** A prompt relayed to the agent verbatim (generic: no meaning attached). */
export interface ResolveSelection {
  selection_id: string;
  prompt: string;
  /** Raw option lines, in screen order. Empty for a prompt answered by typing (a (Y/n) confirm, a text field). */
  options: string[];
  cursor_index: number;
  /** 'option': answer with `selected_option` (substring of an option). 'text': answer with `text`, typed verbatim. */
  answer_with: 'option' | 'text';
  /**
   * A checkbox list: answer with `selected_options` (each a substring of one option). `marked`: the rows whose
   * mark is filled now (also on a list that looks like radio buttons, which takes either answer).
   */
  multi_select?: true;
  marked?: number[];
  /** A numbered list answered by typing: what is typed for each option (`selected_option` types it for you). */
  labels?: string[];
  /** What the program draws under each option to describe it (a two-line item's second line), null where nothing. */
  descriptions?: Array<string | null>;
  /** The block as a person sees it on the terminal, verbatim: judge the prompt from it when in doubt. */
  screen: string;
}

export interface ResolveScreen {
  /** Rendered lines of the tsci terminal (wrapped rows joined): the visible screen and up to 200 rows of scrollback. */
  lines: string[];
  cursor: { line: number; column: number; visible: boolean };
  cols: number;
  rows: number;
}

/** What `GET /api/resolve/:id` (and `resolve_component_status`) answers. */
export interface ResolveTaskView {
  task_id: string;
  component_name: string;
  project_dir: string;
  state: ResolveState;
  /** selection_required: the prompt to answer. */
  selection?: ResolveSelection;
  /** selection_required after a failed import: the verbatim output of the failed attempt. */
  error?: string;
  /** finished: the file the import created (absolute path), or the dependency it added / was found. */
  location?: string;
  source?: 'local' | 'global';
  /** failed: verbatim reason (tsci's output tail) and its exit code (null when it never ran or was killed). */
  reason?: string;
  exit_code?: number | null;
  /** The command line run (for transparency). */
  command?: string[];
  created_at: string;
  updated_at: string;
  ended_at: string | null;
  screen: ResolveScreen | null;
}

/** The WebSocket message carrying a task's live screen (read-only for the person). */
export interface ResolveScreenMessage {
  type: 'resolve.screen';
  task_id: string;
  state: ResolveState;
  screen: ResolveScreen;
  [key: string]: unknown;
}

/** An agent's answer. */
export interface ResolveAnswer {
  selection_id: string;
  selected_option?: string;
  /** Multi-select: the options to mark (each a substring of one option); exactly these end up marked. */
  selected_options?: string[];
  text?: string;
}

/** Raised for answers and requests the task cannot take (mapped to HTTP 400/404/409). */
export class ResolveError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ResolveError';
  }
}

/** What one resolve task is started with (ResolveTask). */
export interface ResolveTaskOptions {
  componentName: string;
  projectDir: string;
  /** tsci command line, e.g. ['tsci'] or ['node', '/x/cli.mjs']; `import <name> ...flags` is appended. */
  tsci: string[];
  flags: string[];
  env: Record<string, string>;
  lookupDirs: string[];
  stepTimeoutMs: number;
}
