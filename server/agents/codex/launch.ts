// Codex's per-run hook wiring: a task-owned CODEX_HOME (the shared parts: ../task-hook-files.ts).
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { AgentHooks } from '../agent-hooks.js';
import { readSettingsFile } from '../settings-file.js';
import { describeSetting, readTomlLayer } from '../settings-layers.js';
import { withoutGatehouseHooks, withTaskHooks, type HookedLaunch, type LaunchContext } from '../task-hook-files.js';
import { codexHooksOff } from './settings-guard.js';

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
export function codexLaunch({ agent, dir, request, env, cleanup, events }: LaunchContext): HookedLaunch {
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

/** The hook groups of the person's Codex hooks.json, without a `gatehouse hooks install`ed one. */
function readHooksJson(path: string, agent: AgentHooks): Record<string, unknown[]> {
  // One that cannot be read counts as none: gatehouse's own hooks.json takes its place.
  const read = readSettingsFile(path);
  return read.ok ? withoutGatehouseHooks(read.settings.hooks, agent) : {};
}
