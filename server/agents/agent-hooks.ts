// What gatehouse needs to know about one agent CLI's hooks: how its permission hook reports a tool call, how
// an answer is written back, and where a person's own settings keep hooks (for `gatehouse hooks install`).
// Each CLI's own is <id>/hooks.ts; the CLIs are listed in registry.ts.

export type HookDecision = 'allow' | 'deny' | 'ask';

/**
 * The answer to a CLI's hook that runs before EVERY tool call (issue 31): allow, deny, 'ask' (hand the call to the
 * CLI's own dialog, where the hook can) or 'pass' (no decision: the CLI's own settings and mode decide).
 */
export type CallDecision = HookDecision | 'pass';

/**
 * A CLI's hook that runs before every tool call, whatever its own settings, a project's committed settings, its
 * sandbox or its yolo/bypass mode would do — the hook through which the person's policy decides every call.
 */
export interface CallHook {
  /** The hook event (Claude Code, Codex, Qwen Code: PreToolUse). */
  event: string;
  /** The entry's matcher: every tool. */
  matcher: string;
  /**
   * What the hook can answer itself. Codex and Qwen Code can only deny or pass (Codex rejects allow and ask; Qwen's
   * ask refuses the call): where the policy asks, gatehouse holds the call and asks the person in the hook.
   */
  answers: ReadonlyArray<CallDecision>;
  /** The CLI's hook answer for a decision ('pass' and anything not in `answers`: no output). */
  reply(decision: CallDecision, message: string): HookReply;
  /** Whether the CLI raises it before (Claude Code, Codex) or after (Qwen Code) its own permission check. */
  order: 'before-permission' | 'after-permission';
}

/** A permission request as a person reads it: which agent, which tool, and what exactly it wants to do. */
export interface PermissionAsk {
  /** The CLI's own tool name (Bash, …). */
  tool: string;
  /** What the tool would do: the command line for shell tools, else the tool input as JSON. */
  detail: string;
  /** The agent's stated reason, when the CLI passes one (Codex: the justification). */
  reason: string | null;
  cwd: string | null;
}

/** What the hook command prints and exits with. */
export interface HookReply {
  stdout: string;
  exitCode: number;
}

export interface HookSettingsFile {
  /** The person's own file that holds the CLI's hooks. */
  path(env: NodeJS.ProcessEnv, home: string): string;
  /** A note shown after install (e.g. a review step the CLI asks for on its next start), or null. */
  afterInstall: string | null;
}

export interface AgentHooks {
  id: string;
  /** The CLI's name as a person knows it. */
  name: string;
  /** The hook event gatehouse answers: the one the CLI raises just before it would ask the person itself. */
  permissionEvent: string;
  /** The hook event the CLI raises when a turn is over and it waits for the next prompt (null: it has none). */
  turnEndEvent: string | null;
  /**
   * The hook event the CLI raises with a notice about its state (Claude Code `Notification`: `idle_prompt` when it
   * has waited for the person's input a while, `permission_prompt` …): recorded for an orchestrated task. Absent: none wired.
   */
  noticeEvent?: string;
  /**
   * The hook event the CLI raises once its session started (Gemini CLI `SessionStart`): the proof that it runs
   * gatehouse's hooks at all, awaited before anything is typed where the hook is the only gate. Absent: none wired.
   */
  startEvent?: string;
  /** The permission hook entry's `matcher`: which tool calls it is asked about. */
  permissionMatcher: string;
  /**
   * The hook before every tool call, installed beside the permission hook; null where the permission event is
   * already raised before every call (Gemini CLI's BeforeTool).
   */
  callHook: CallHook | null;
  /** The unit of a hook entry's `timeout` in the CLI's settings. */
  timeoutUnit: 'seconds' | 'milliseconds';
  /** Reads the CLI's hook JSON (stdin). Throws an Error naming the field when it is not what the CLI sends. */
  parsePermission(input: unknown): PermissionAsk;
  /** The CLI's hook answer for a decision; 'ask' leaves the decision to the CLI's own dialog. */
  reply(decision: HookDecision, message: string): HookReply;
  settings: HookSettingsFile;
  /**
   * Where the CLI takes a settings file for one run without touching the person's own: an environment variable
   * naming its system-defaults file (lowest precedence; hook lists from all files are concatenated). Null: the
   * per-run wiring is the CLI's own (<id>/launch.ts).
   */
  systemDefaults: SystemDefaultsFile | null;
}

export interface SystemDefaultsFile {
  /** The environment variable that names the file. */
  envVar: string;
  /** The file the CLI reads when the variable is not set (its content is carried into the task's file). */
  path(env: Record<string, string | undefined>): string;
}

/** Field access with an error that names the field, for hook input read from another program. */
export function field(input: unknown, name: string): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new Error('hook input: must be a JSON object');
  return (input as Record<string, unknown>)[name];
}

export function stringField(input: unknown, name: string): string {
  const value = field(input, name);
  if (typeof value !== 'string' || !value) throw new Error(`hook input: "${name}" must be a non-empty string (got ${JSON.stringify(value) ?? 'nothing'})`);
  return value;
}

/** A shell command as one line: arrays (Codex's argv form) joined, strings as they are. */
export function commandText(command: unknown): string | null {
  if (typeof command === 'string') return command;
  if (Array.isArray(command) && command.every((c) => typeof c === 'string')) return command.join(' ');
  return null;
}
