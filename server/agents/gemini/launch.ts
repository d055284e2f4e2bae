// Gemini CLI's per-run hook wiring: a task-owned GEMINI_CLI_HOME (the shared parts: ../task-hook-files.ts).
import { cpSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { hookCommandLine } from '../hook-command-line.js';
import { readSettingsObject, TASK_HOOK_WAIT_SECONDS, withoutGatehouseHooks, withTaskHooks, type HookedLaunch, type LaunchContext } from '../task-hook-files.js';
import { geminiFindings, geminiLayers, geminiPlan } from './settings-guard.js';

/** What a Gemini home folder holds that is the person's history, not their configuration: not carried. */
const GEMINI_HISTORY = new Set(['tmp', 'history']);

/**
 * Gemini CLI reads its settings, credentials and folder trust from $GEMINI_CLI_HOME/.gemini (default ~/.gemini),
 * so the task gets a Gemini home of its own: the person's .gemini copied in (not their chats), with gatehouse's
 * hooks added to their settings.json. Gemini's BeforeTool hook cannot allow a call, only refuse it or hand it
 * to Gemini's dialog, so the run uses --approval-mode yolo: the hook, asked about every tool Gemini's default
 * mode asks about, is the gate (the task's policy, else the person), and "ask" still brings Gemini's dialog.
 */
export function geminiLaunch({ agent, dir, request, env, cleanup, events }: LaunchContext): HookedLaunch {
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
  // Yolo only when nothing Gemini reads besides the task's file turns the hook off or refuses yolo (./settings-guard.ts).
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
