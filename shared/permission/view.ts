// What a permission gate asks the person to approve, as the hub computed it when the gate was created (issue 22):
// the diff of each file an edit or write would change, a shell command as the shell will run it with marks on
// what deserves a second look, or an MCP tool call's arguments as a list. Stored with the gate (history shows what
// was shown at the time) and read by the portal, the terminal UI and Telegram. Types only: the portal's bundle
// carries no validation library.

/** One line of a hunk: context (' '), removed ('-') or added ('+'), with its line number in the old / new file. */
export interface DiffLine {
  op: ' ' | '-' | '+';
  text: string;
  /** Line number in the file on disk (context and removed lines). */
  old?: number;
  /** Line number in the file as it would be (context and added lines). */
  new?: number;
}

export interface DiffHunk {
  old_start: number;
  old_lines: number;
  new_start: number;
  new_lines: number;
  lines: DiffLine[];
}

/** What happens to the file: an edit of it, a new file, an overwrite of a file that exists, a deletion. */
export type FileChangeKind = 'edit' | 'new' | 'overwrite' | 'delete';

/**
 * Why no diff (or only part of it) can be shown: the old text is not in the file (the edit will fail), a binary
 * file, a file that cannot be read, one too large to diff, or an input that does not say what to change.
 */
export type FileProblem = 'not-found' | 'binary' | 'unreadable' | 'too-large' | 'bad-input';

export interface FileChange {
  /** The path relative to the project (absolute when outside it). */
  path: string;
  /** The file is outside the project folder. */
  outside: boolean;
  change: FileChangeKind;
  /** Where it moves to (Codex's "*** Move to:"), relative like `path`. */
  moved_to?: string;
  added: number;
  removed: number;
  hunks: DiffHunk[];
  /** The hunks hold fewer lines than the change has (a huge change): the counts are complete, the lines are not. */
  truncated?: boolean;
  problem?: FileProblem;
  /** The problem in plain words, e.g. "the old text is not in the file: the edit will fail". */
  problem_text?: string;
  /** A notebook cell's edit: which cell. */
  cell?: string;
}

export interface EditView {
  kind: 'edit';
  files: FileChange[];
  added: number;
  removed: number;
}

/** A mark on a part of a shell command: what deserves a second look. */
export type CommandMarkKind =
  | 'sudo' | 'rm-recursive' | 'rm-force' | 'force' | 'pipe-to-shell' | 'opaque' | 'write-outside' | 'network' | 'unparsed'
  | 'destructive' | 'secret' | 'exfiltration';

export interface CommandMark {
  kind: CommandMarkKind;
  /** The mark in words: "runs as root (sudo)", "writes outside the project: /etc/hosts". */
  text: string;
}

export interface CommandPart {
  /** How this part joins the one before it: '&&', '||', '|', ';', '&', or null for the first. */
  joiner: string | null;
  text: string;
  marks: CommandMark[];
  /** Nested inside the part above (bash -c, $(…), sudo …): how many levels. */
  depth: number;
}

export interface CommandView {
  kind: 'command';
  /** The folder it runs in. */
  cwd: string | null;
  command: string;
  parts: CommandPart[];
  /** Every part's marks, once each, in order. */
  marks: CommandMark[];
}

export interface McpArg {
  name: string;
  /** The value as text: strings as they are, other values as compact JSON. */
  value: string;
}

export interface McpView {
  kind: 'mcp';
  server: string;
  tool: string;
  args: McpArg[];
}

/**
 * What "always" / "never" would write (issue 21): the narrowest rules covering the request and, for each, a wider
 * one the person may pick instead before saving (null where none is wider). Sent with the answer as the option's
 * annotation `wider`; only these rules can be written.
 */
export interface GrantRules {
  rules: string[];
  wider: Array<string | null>;
}

/** The annotation of `always` / `never` that picks the wider rules. */
export const WIDER = 'wider';

/** The rules an "always" / "never" answer writes: the narrowest, or each one's wider alternative where there is one. */
export function grantRulesPicked(grants: GrantRules, wider: boolean): string[] {
  return wider ? grants.rules.map((rule, i) => grants.wider[i] ?? rule) : grants.rules;
}

/** The request's risk grade (shared/permission/risk.ts); absent on gates made before it existed. */
export type PermissionView = (EditView | CommandView | McpView) & { grants?: GrantRules; risk?: Risk };

export { countsText } from './counts-text.js';
import type { Risk } from './risk.js';
export type { Risk, RiskGrade } from './risk.js';

/** What a file change is, in words: "new file", "overwrites the file", "deletes the file", "edit". */
export function changeLabel(file: FileChange): string {
  const base = file.change === 'new' ? 'new file' : file.change === 'overwrite' ? 'overwrites the file' : file.change === 'delete' ? 'deletes the file' : 'edit';
  return file.moved_to ? `${base}, moved to ${file.moved_to}` : base;
}
