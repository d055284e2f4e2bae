// What every agent CLI's per-run hook wiring shares (each CLI's own is <id>/launch.ts; launch.ts picks it): the
// task's folder, gatehouse's hook entries for the task, and the person's settings read and carried in.
import { join } from 'node:path';
import type { AgentHooks } from './agent-hooks.js';
import { hookCommandLine } from './hook-command-line.js';
import { gatehouseEntries, hookTimeout, isGatehouseHook, withHookGroups } from './hooks-file.js';
import { readSettingsFile } from './settings-file.js';

/** How long a task's permission hook waits for the person before the CLI's own dialog asks (seconds). */
export const TASK_HOOK_WAIT_SECONDS = 3600;
/** The Stop and Notification hooks only report the CLI's state: a few seconds are plenty. */
const TURN_END_HOOK_TIMEOUT_SECONDS = 15;

export interface HookedLaunch {
  /** Added to the CLI's arguments. */
  args: string[];
  /** Added to the CLI's environment. */
  env: Record<string, string>;
  /** The CLI raises a turn-end hook: idle comes from it rather than from the screen once a turn started. */
  turnEndHook: boolean;
  /**
   * A screen the CLI is sure to show at start *after* drawing its prompt (Codex's "Hooks need review"): its
   * prompt is not idle until that screen was seen, or the task's first input is typed into it.
   */
  screenAfterPrompt?: string;
  /**
   * The CLI runs tools unasked (Gemini's yolo), its hook the only gate: nothing is typed into it until this hook
   * event reached the task — the CLI's own proof that gatehouse's hooks run (task-hook-proof.ts).
   */
  hooksProvenBy?: string;
  /** One line for the task's explain record: what was wired, and anything left to the screen. */
  note: string;
  /** Removes the task's folder (copied config included) once the process is gone. */
  cleanup(): void;
}

export interface HookLaunchRequest {
  /** The adapter's `hooks` field: which CLI's hook contract (claude, codex), if any. */
  agentId: string | undefined;
  taskId: string;
  dataDir: string;
  /** The task's working directory. */
  cwd: string;
  /** The environment the CLI will get (to find the person's own config). */
  env: Record<string, string | undefined>;
}

/** Safe as a folder name: task ids are `<session>.<name>` of letters, digits, _ - and one dot. */
export function taskDir(dataDir: string, taskId: string): string {
  return join(dataDir, 'tasks', taskId.replace(/[^A-Za-z0-9._-]/g, '_'));
}

/** What a CLI's own wiring is given: its hook contract, the task's fresh folder, the request, the task's env, and cleanup. */
export interface LaunchContext {
  agent: AgentHooks;
  dir: string;
  request: HookLaunchRequest;
  env: Record<string, string>;
  cleanup: () => void;
  /** The wired hook events, for the note (`PermissionRequest + Stop`). */
  events: string;
}

export function hookGroups(agent: AgentHooks, taskId: string): Record<string, unknown[]> {
  // The hook before every tool call (PreToolUse) beside the permission hook: inside a task too, the policy decides
  // every call whatever the CLI's own settings would let through (issue 31); both hooks answer as the task's.
  const groups: Record<string, unknown[]> = Object.fromEntries(
    Object.entries(gatehouseEntries(agent, (event) => hookCommandLine(agent.id, event, TASK_HOOK_WAIT_SECONDS, taskId), TASK_HOOK_WAIT_SECONDS + 30)).map(([event, entry]) => [event, [entry]]),
  );
  for (const event of [agent.turnEndEvent, agent.noticeEvent, agent.startEvent]) {
    if (event) groups[event] = [{ hooks: [{ type: 'command', command: hookCommandLine(agent.id, event, undefined, taskId), timeout: hookTimeout(agent, TURN_END_HOOK_TIMEOUT_SECONDS) }] }];
  }
  return groups;
}

/** A settings file's text with the task's hooks added after the hooks it already lists (`only`: just these events). */
export function withTaskHooks(settings: Record<string, any>, agent: AgentHooks, taskId: string, only?: string[]): string {
  const groups = Object.entries(hookGroups(agent, taskId)).filter(([event]) => !only || only.includes(event));
  return withHookGroups(settings, Object.fromEntries(groups));
}

/** A settings file the task's own copy is made from: a problem fails the launch, naming the file. */
export function readSettingsObject(path: string): Record<string, any> {
  const read = readSettingsFile(path);
  if (!read.ok) throw new Error(read.reason === null ? `${path}: must hold a JSON object` : `${path}: not valid JSON (${read.reason})`);
  if (!read.hooksObject) throw new Error(`${path}: "hooks" must be an object`);
  return read.settings;
}

/** The person's hook groups without a `gatehouse hooks install`ed one (the task's hook takes its place). */
export function withoutGatehouseHooks(hooks: unknown, agent: AgentHooks): Record<string, unknown[]> {
  if (!hooks || typeof hooks !== 'object' || Array.isArray(hooks)) return {};
  const kept: Record<string, unknown[]> = {};
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    const left = groups
      .map((g) => ({ ...g, hooks: (Array.isArray(g?.hooks) ? g.hooks : []).filter((h: { command?: unknown }) => !isGatehouseHook(h?.command, agent)) }))
      .filter((g) => g.hooks.length > 0);
    if (left.length) kept[event] = left;
  }
  return kept;
}
