// When the orchestrator launches an agent CLI that has hooks, gatehouse's own hook goes in through the CLI's
// per-run mechanism, in a folder the task owns (<data dir>/tasks/<task id>/) — never in the person's files:
// - Claude Code: `--settings <task dir>/claude-settings.json` (added on top of the person's settings);
// - Codex: CODEX_HOME = <task dir>/codex-home, seeded from the person's Codex home, with our hooks.json;
// - Gemini CLI: GEMINI_CLI_HOME = <task dir>/gemini-home, its .gemini seeded from the person's, with our hooks;
// - Qwen Code: its system-defaults settings file pointed at <task dir>/qwen-system-defaults.json.
// The hook runs `gatehouse hook <agent> <event> --task <task id>`, so the hub answers it as the task's.
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { AgentHooks, SystemDefaultsFile } from '../agents/agent-hooks.js';
import { hookCommandLine } from '../agents/hook-command-line.js';
import { hookAgent } from '../agents/hook-agents.js';
import { gatehouseEntry, hookTimeout, isGatehouseHook } from '../agents/hooks-file.js';
import { codexHooksOff, describeSetting, readTomlLayer, geminiFindings, geminiLayers, geminiPlan, qwenFindings, qwenLayers, qwenPlan } from './hook-guard.js';

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

function hookGroups(agent: AgentHooks, taskId: string): Record<string, unknown[]> {
  const groups: Record<string, unknown[]> = {
    [agent.permissionEvent]: [gatehouseEntry(agent, hookCommandLine(agent.id, agent.permissionEvent, TASK_HOOK_WAIT_SECONDS, taskId), TASK_HOOK_WAIT_SECONDS + 30)],
  };
  for (const event of [agent.turnEndEvent, agent.noticeEvent, agent.startEvent]) {
    if (event) groups[event] = [{ hooks: [{ type: 'command', command: hookCommandLine(agent.id, event, undefined, taskId), timeout: hookTimeout(agent, TURN_END_HOOK_TIMEOUT_SECONDS) }] }];
  }
  return groups;
}

/** A settings file's text with the task's hooks added after the hooks it already lists (`only`: just these events). */
function withTaskHooks(settings: Record<string, any>, agent: AgentHooks, taskId: string, only?: string[]): string {
  const hooks: Record<string, unknown[]> = { ...(settings.hooks ?? {}) };
  for (const [event, groups] of Object.entries(hookGroups(agent, taskId))) {
    if (!only || only.includes(event)) hooks[event] = [...(Array.isArray(hooks[event]) ? hooks[event] : []), ...groups];
  }
  return `${JSON.stringify({ ...settings, hooks }, null, 2)}\n`;
}

/** The per-run hook wiring for the task's CLI, or null when its adapter names no hook contract. */
export function launchWithAgentHooks(request: HookLaunchRequest): HookedLaunch | null {
  if (!request.agentId) return null;
  const agent = hookAgent(request.agentId);
  const dir = taskDir(request.dataDir, request.taskId);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // GATEHOUSE_TASK_ID/_AGENT tell a `gatehouse hooks install`ed hook of this CLI (the person's settings are read
  // too: Claude Code, Qwen Code) that it runs inside this task, whose own hook (--task) answers: it steps aside.
  const env = { GATEHOUSE_TASK_ID: request.taskId, GATEHOUSE_TASK_AGENT: agent.id, GATEHOUSE_HOME: request.dataDir };
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  const events = [agent.permissionEvent, agent.turnEndEvent, agent.noticeEvent, agent.startEvent].filter(Boolean).join(' + ');
  if (agent.id === 'claude') {
    const file = join(dir, 'claude-settings.json');
    writeFileSync(file, `${JSON.stringify({ hooks: hookGroups(agent, request.taskId) }, null, 2)}\n`, { mode: 0o600 });
    return { args: ['--settings', file], env, turnEndHook: agent.turnEndEvent !== null, note: `${agent.name} ${events} hooks via --settings (task's own file)`, cleanup };
  }
  if (agent.id === 'codex') return codexLaunch(agent, dir, request, env, cleanup, events);
  if (agent.id === 'gemini') return geminiLaunch(agent, dir, request, env, cleanup, events);
  if (agent.systemDefaults) return systemDefaultsLaunch(agent, agent.systemDefaults, dir, request, env, cleanup, events);
  throw new Error(`adapter hooks: "${agent.id}" has no per-run hook wiring`);
}

/** Codex's trust review of new or changed hooks, drawn 0.5–3 s after its composer (0.169.0). */
const CODEX_HOOK_REVIEW = 'Hooks need review';

/**
 * Codex reads hooks from $CODEX_HOME/hooks.json, so the task gets a Codex home of its own: the person's
 * config, auth and rules copied in (their sessions and logs are not), and a hooks.json with gatehouse's hooks.
 * Codex runs a hook only once it is trusted ("Hooks need review"). gatehouse vouches for its own hook alone:
 * with nothing but gatehouse's hooks in play it passes --dangerously-bypass-hook-trust for this run; when the
 * person's own hooks (their hooks.json or [hooks] in config.toml) or the project's .codex/ are in play, it does
 * not, and Codex's review screen reaches the person as the task's question.
 */
function codexLaunch(agent: AgentHooks, dir: string, request: HookLaunchRequest, env: Record<string, string>, cleanup: () => void, events: string): HookedLaunch {
  const home = join(dir, 'codex-home');
  const theirs = request.env.CODEX_HOME ?? join(request.env.HOME ?? homedir(), '.codex');
  const hooksOff = codexHooksOff(join(theirs, 'config.toml'), request.cwd);
  if (hooksOff) {
    cleanup();
    throw new Error(`gatehouse's hooks would not run in Codex: ${describeSetting(hooksOff)}. gatehouse runs Codex with its hooks on: change that setting, or run this task where it does not apply`);
  }
  mkdirSync(home, { recursive: true, mode: 0o700 });
  let theirHooks: Record<string, unknown[]> = {};
  if (existsSync(theirs)) {
    for (const name of readdirSync(theirs)) {
      const from = join(theirs, name);
      const stat = statSync(from, { throwIfNoEntry: false });
      if (!stat) continue;
      if (name === 'hooks.json') theirHooks = readHooksJson(from, agent);
      else if (stat.isFile() && name !== 'history.jsonl') copyFileSync(from, join(home, name));
      else if (stat.isDirectory() && ['rules', 'prompts', 'skills'].includes(name)) cpSync(from, join(home, name), { recursive: true });
    }
  }
  writeFileSync(join(home, 'hooks.json'), withTaskHooks({ hooks: theirHooks }, agent, request.taskId), { mode: 0o600 });
  const configToml = join(home, 'config.toml');
  // Read before start by codexHooksOff, so it is TOML here.
  const configHooks = readTomlLayer(configToml).settings?.hooks !== undefined;
  const projectCodex = existsSync(join(request.cwd, '.codex'));
  const foreign = Object.keys(theirHooks).length > 0 || configHooks || projectCodex;
  const why = Object.keys(theirHooks).length > 0 ? 'your hooks.json' : configHooks ? 'hooks in your config.toml' : "the project's .codex/";
  return {
    args: foreign ? [] : ['--dangerously-bypass-hook-trust'],
    // Untrusted hooks always include ours: trust is keyed by the hooks.json path, new for every task.
    ...(foreign && { screenAfterPrompt: CODEX_HOOK_REVIEW }),
    env: { ...env, CODEX_HOME: home },
    turnEndHook: agent.turnEndEvent !== null,
    note: foreign
      ? `${agent.name} ${events} hooks in the task's CODEX_HOME; ${why} is in play too, so Codex asks to review hooks on screen`
      : `${agent.name} ${events} hooks in the task's CODEX_HOME (only gatehouse's hooks: trusted for this run)`,
    cleanup,
  };
}

/**
 * Qwen Code reads a system-defaults settings file named by an environment variable (the lowest
 * precedence; hook lists of all their settings files are concatenated): the task gets its own, holding what the
 * machine's defaults file held plus gatehouse's hooks, and the person's settings stay as they are.
 */
function systemDefaultsLaunch(agent: AgentHooks, defaults: SystemDefaultsFile, dir: string, request: HookLaunchRequest, env: Record<string, string>, cleanup: () => void, events: string): HookedLaunch {
  const theirsPath = defaults.path(request.env);
  const settings: Record<string, any> = existsSync(theirsPath) ? readSettingsObject(theirsPath) : {};
  const file = join(dir, `${agent.id}-system-defaults.json`);
  writeFileSync(file, withTaskHooks(settings, agent, request.taskId), { mode: 0o600 });
  // What the person's and the project's Qwen settings do to those hooks and to its approval mode (hook-guard.ts).
  const plan = qwenPlan(qwenFindings(qwenLayers(request.env, request.cwd, { file, settings }, agent.settings.path(request.env, request.env.HOME ?? homedir()))));
  return {
    args: plan.args,
    env: { ...env, [defaults.envVar]: file },
    turnEndHook: plan.hooksRun && agent.turnEndEvent !== null,
    note: `${agent.name} ${events} hooks via ${defaults.envVar} (task's own file)${plan.note ? `; ${plan.note}` : ''}`,
    cleanup,
  };
}

/** What a Gemini home folder holds that is the person's history, not their configuration: not carried. */
const GEMINI_HISTORY = new Set(['tmp', 'history']);

/**
 * Gemini CLI reads its settings, credentials and folder trust from $GEMINI_CLI_HOME/.gemini (default ~/.gemini),
 * so the task gets a Gemini home of its own: the person's .gemini copied in (not their chats), with gatehouse's
 * hooks added to their settings.json. Gemini's BeforeTool hook cannot allow a call, only refuse it or hand it
 * to Gemini's dialog, so the run uses --approval-mode yolo: the hook, asked about every tool Gemini's default
 * mode asks about, is the gate (the task's policy, else the person), and "ask" still brings Gemini's dialog.
 */
function geminiLaunch(agent: AgentHooks, dir: string, request: HookLaunchRequest, env: Record<string, string>, cleanup: () => void, events: string): HookedLaunch {
  const home = join(dir, 'gemini-home');
  const ours = join(home, '.gemini');
  const theirs = join(request.env.GEMINI_CLI_HOME ?? request.env.HOME ?? homedir(), '.gemini');
  mkdirSync(ours, { recursive: true, mode: 0o700 });
  let settings: Record<string, any> = {};
  if (existsSync(theirs)) {
    for (const name of readdirSync(theirs)) {
      const from = join(theirs, name);
      const stat = statSync(from, { throwIfNoEntry: false });
      if (!stat || GEMINI_HISTORY.has(name)) continue;
      // A `gatehouse hooks install`ed hook is left out: the task's own takes its place (with the task's wait).
      if (name === 'settings.json') {
        const theirSettings = readSettingsObject(from);
        settings = { ...theirSettings, hooks: withoutGatehouseHooks(theirSettings.hooks, agent) };
      }
      else cpSync(from, join(ours, name), { recursive: true });
    }
  }
  // Yolo only when nothing Gemini reads besides the task's file turns the hook off or refuses yolo (hook-guard.ts).
  // Without yolo Gemini's own dialog asks on screen and there is no BeforeTool hook (it cannot allow: a person
  // would answer twice); AfterAgent still tells the turn's end.
  const userFile = join(ours, 'settings.json');
  const plan = geminiPlan(geminiFindings(geminiLayers(request.env, request.cwd, { file: join(theirs, 'settings.json'), settings }), hookCommandLine(agent.id, agent.permissionEvent, TASK_HOOK_WAIT_SECONDS, request.taskId)));
  if (plan.refuse) {
    cleanup();
    throw new Error(plan.refuse);
  }
  if (!plan.yolo) {
    writeFileSync(userFile, withTaskHooks(settings, agent, request.taskId, agent.turnEndEvent ? [agent.turnEndEvent] : []), { mode: 0o600 });
    return { args: [], env: { ...env, GEMINI_CLI_HOME: home }, turnEndHook: agent.turnEndEvent !== null, note: `${agent.name} ${agent.turnEndEvent} hook in the task's GEMINI_CLI_HOME, ${plan.note}`, cleanup };
  }
  writeFileSync(userFile, withTaskHooks(settings, agent, request.taskId), { mode: 0o600 });
  return {
    args: ['--approval-mode', 'yolo'],
    env: { ...env, GEMINI_CLI_HOME: home },
    hooksProvenBy: agent.startEvent,
    turnEndHook: agent.turnEndEvent !== null,
    note: `${agent.name} ${events} hooks in the task's GEMINI_CLI_HOME, run with --approval-mode yolo (the hook is the gate)`,
    cleanup,
  };
}

function readSettingsObject(path: string): Record<string, any> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`${path}: not valid JSON (${(err as Error).message})`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${path}: must hold a JSON object`);
  const hooks = (parsed as Record<string, unknown>).hooks;
  if (hooks !== undefined && (!hooks || typeof hooks !== 'object' || Array.isArray(hooks))) throw new Error(`${path}: "hooks" must be an object`);
  return parsed as Record<string, any>;
}

/** The hook groups of the person's Codex hooks.json, without a `gatehouse hooks install`ed one. */
function readHooksJson(path: string, agent: AgentHooks): Record<string, unknown[]> {
  let hooks: unknown;
  try {
    hooks = JSON.parse(readFileSync(path, 'utf8'))?.hooks;
  } catch {
    return {};
  }
  return withoutGatehouseHooks(hooks, agent);
}

/** The person's hook groups without a `gatehouse hooks install`ed one (the task's hook takes its place). */
function withoutGatehouseHooks(hooks: unknown, agent: AgentHooks): Record<string, unknown[]> {
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
