// Shared set-up for the hook tests with the real CLIs: a real hub, a model stand-in that asks for one shell
// command, the CLI in a PTY with the gatehouse hook configured, and helpers to find and answer the question.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { expect } from 'vitest';
import { join } from 'node:path';
import type { InteractionSummary } from '../../shared/interactions.js';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { hookCommandLine as installedHookCommandLine } from '../../server/agents/hook-command-line.js';
import { cliLauncher } from '../../server/package-info.js';
import { installedVersion, prepareAgent, WIRE_FORMATS, type AgentCli, type AgentLaunch } from './model-standins/agent-setups.js';
import { startModelStandin, type ModelStandin } from './model-standins/standin-server.js';
import type { ScriptStep } from './model-standins/script.js';
import { makeTempHome, startTestHub, type TestHub } from './test-hub.js';
import { ScreenRecorder } from './screen-recorder.js';

export const COMMAND = 'echo hello-from-standin > made.txt';
export const PROMPT = 'please make the file';

/** The hook command line as an installed gatehouse would run it (this checkout's built CLI). */
export function hookCommandLine(agent: string, event: string, waitSeconds = 60): string {
  return installedHookCommandLine(agent, event, waitSeconds);
}

export interface HookRun {
  hub: TestHub | null;
  standin: ModelStandin;
  launch: AgentLaunch;
  cli: ScreenRecorder;
  madeFile: string;
  /** Waits for the hook's question to show up in the hub, pending. */
  pendingQuestion(): Promise<ChoiceSessionView>;
  answer(sessionId: string, optionId: string): Promise<void>;
  close(): Promise<void>;
}

export function skipUnlessInstalled(cli: AgentCli): boolean {
  return installedVersion(cli) === null;
}

/**
 * Starts the CLI against its stand-in. `hub: false` points the hook at a data directory where no hub runs.
 * `configure` adds the hook to the launch (per-run flag or the CLI's own file in the temp home).
 */
export async function startHookRun(cli: AgentCli, opts: { hub: boolean; configure: (launch: AgentLaunch) => void; script?: ScriptStep[] }): Promise<HookRun> {
  const hub = opts.hub ? await startTestHub() : null;
  const noHubHome = hub ? null : await makeTempHome('gatehouse-nohub-');
  const standin = await startModelStandin(WIRE_FORMATS[cli], opts.script ?? [{ shell: COMMAND }, { text: 'All done.' }]);
  const launch = prepareAgent(cli, standin.url, { seed: 'ready' });
  launch.env.GATEHOUSE_HOME = hub?.home ?? noHubHome!;
  opts.configure(launch);
  const rec = new ScreenRecorder(launch, installedVersion(cli)!);
  return {
    hub,
    standin,
    launch,
    cli: rec,
    madeFile: join(launch.cwd, 'made.txt'),
    async pendingQuestion() {
      if (!hub) throw new Error('no hub in this run');
      for (;;) {
        const { interactions } = await hub.client.request<{ interactions: InteractionSummary[] }>('GET', '/api/interactions?filter=active');
        const row = interactions.find((i) => i.kind === 'choice' && i.status === 'pending');
        if (row) return (await hub.client.request<{ session: ChoiceSessionView }>('GET', `/api/sessions/${row.id}`)).session;
        if (rec.exited) throw new Error(`${cli} exited before its hook asked:\n${rec.screen().join('\n')}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async answer(sessionId, optionId) {
      await hub!.client.request('POST', `/api/sessions/${sessionId}/submit`, { selected_ids: [optionId], interface: 'api' });
    },
    async close() {
      rec.kill();
      await standin.close();
      launch.dispose();
      await hub?.stop();
      if (noHubHome) rmSync(noHubHome, { recursive: true, force: true });
    },
  };
}

export const fileExists = existsSync;

/**
 * With the CLI at its prompt: the prompt that makes the model ask for COMMAND is typed; the hook's question
 * reaches the hub naming the command; the person's No comes back to the model and nothing runs.
 */
export async function askAndRefuse(run: HookRun): Promise<void> {
  await run.cli.submit(PROMPT);
  const question = await run.pendingQuestion();
  expect(question.request.prompt).toContain(COMMAND);
  await run.answer(question.id, 'no');
  const seen = await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
  expect(seen.toolResults[0].output).toContain('The person said No through gatehouse');
  expect(existsSync(run.madeFile)).toBe(false);
}

/** `gatehouse hooks install <cli> --yes` as a person runs it, into the run's HOME (the CLI's own settings file). */
export function installedByHand(cli: AgentCli, waitSeconds = 60): (launch: AgentLaunch) => void {
  return (launch) => {
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: launch.home, GATEHOUSE_HOME: launch.env.GATEHOUSE_HOME };
    for (const name of ['CLAUDE_CONFIG_DIR', 'CODEX_HOME', 'GEMINI_CLI_HOME', 'QWEN_HOME']) delete env[name];
    execFileSync(process.execPath, [cliLauncher, 'hooks', 'install', cli, '--yes', '--wait', String(waitSeconds)], { env });
  };
}

/** Gives the CLI the prompt once `ready` is on screen, and waits for the hook's question in the hub. */
export async function askThroughHook(run: HookRun, ready: string): Promise<ChoiceSessionView> {
  await run.cli.waitFor(ready);
  await run.cli.submit(PROMPT);
  return run.pendingQuestion();
}

/** What the CLI sent the model back as the tool call's result. */
export async function toolResultSeen(run: HookRun) {
  return (await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back')).toolResults[0];
}
