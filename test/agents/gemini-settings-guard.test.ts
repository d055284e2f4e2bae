// Gemini CLI 0.61.0 under `gatehouse run`, where the person's or the project's own settings would switch
// gatehouse's hook off or refuse yolo. gatehouse runs Gemini with --approval-mode yolo and its BeforeTool hook as
// the only gate, so a hook that is off while yolo is on would run every command unasked (seen before this guard:
// a workspace `hooksConfig.enabled: false` ran the stand-in's command with no question, and
// `security.disableYoloMode` ended the task with exit 52). The launch reads the settings Gemini reads
// (server/agents/gemini/settings-guard.ts) and then runs Gemini without yolo: its own dialog asks, on screen.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { skipUnlessInstalled } from '../support/agent-hook-run.js';
import { recordTestedWith } from './tested-with.js';
import { expectRunsUnasked } from '../support/unasked-run.js';
import { startOrchestratedAgent, type OrchestratedAgent } from '../support/orchestrated-agent.js';
import type { AgentLaunch } from '../support/model-standins/agent-setups.js';
import type { TaskView } from '../../server/orchestrator/face/task-views.js';

let run: OrchestratedAgent | null = null;
afterEach(async () => {
  await run?.close();
  run = null;
});

function writeJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(value, null, 2));
}

/** Gemini's own permission dialog, read from the screen as the task's question. */
const dialogQuestion = (t: TaskView) => t.status === 'WAITING_FOR_USER' && /run_shell_command|Allow execution|echo hello-from-standin/.test(`${t.interaction?.prompt ?? ''}\n${t.interaction?.screen ?? ''}`);

async function expectScreenRouteNo(run: OrchestratedAgent, because: RegExp): Promise<void> {
  const waiting = await run.until(dialogQuestion, "Gemini CLI's own dialog is the task's question");
  // Not yolo, no BeforeTool hook: the launch line names the setting and its file; the question came from the screen.
  expect(waiting.command).not.toContain('yolo');
  expect(waiting.explain![0]).toMatch(because);
  expect(waiting.explain![0]).toContain("Gemini CLI's own dialog asks, on screen");
  expect(waiting.explain!.join('\n')).not.toMatch(/BeforeTool hook/);
  expect(existsSync(run.madeFile)).toBe(false);
  const refusal = waiting.interaction!.options.find((o) => /\bNo, suggest changes\b/.test(o.text));
  expect(refusal, waiting.interaction!.options.map((o) => o.text).join(' | ')).toBeTruthy();
  await run.choose({ index: refusal!.index });
  // Gemini cancels the call and waits at its prompt: with no more inputs the task is done, the command never run.
  const done = await run.until((t) => t.status === 'DONE', 'the task is done after the refusal');
  expect(done.explain!.join('\n')).toMatch(/a person's/);
  expect(existsSync(run.madeFile)).toBe(false);
}

describe.skipIf(skipUnlessInstalled('gemini'))("Gemini CLI under gatehouse run: settings that would open an ungated yolo", { timeout: 180_000 }, () => {
  beforeEach(() => recordTestedWith('gemini', 'orchestrator', { covers: 'settings that would bypass its hooks: refused or overridden, naming the file' }));
  it("the project's .gemini/settings.json turns hooks off (hooksConfig.enabled false): the task fails before start, naming the setting and the file", async () => {
    run = await startOrchestratedAgent('gemini', { autoApprove: false, configure: (l: AgentLaunch) => writeJson(join(l.cwd, '.gemini/settings.json'), { hooksConfig: { enabled: false } }) });
    const failed = await run.until((t) => t.status === 'FAILED', 'the task failed');
    expect(failed.error).toMatch(/^could not wire gemini's hooks: gatehouse's hooks would not run in Gemini CLI: hooksConfig\.enabled false in .*\/proj\/\.gemini\/settings\.json\. /);
    expect(failed.pid).toBeNull();
    expect(existsSync(run.madeFile)).toBe(false);
    expect(run.standin.requests).toEqual([]);
  });

  it("the person's settings refuse yolo (security.disableYoloMode): the task runs without it instead of failing at start", async () => {
    run = await startOrchestratedAgent('gemini', {
      autoApprove: false,
      configure: (l: AgentLaunch) => {
        const file = join(l.home, '.gemini/settings.json');
        writeJson(file, { ...JSON.parse(readFileSync(file, 'utf8')), security: { auth: { selectedType: 'gemini-api-key' }, disableYoloMode: true } });
      },
    });
    await expectScreenRouteNo(run, /not run in yolo \(Gemini CLI refuses it: security\.disableYoloMode true in .*\/home\/\.gemini\/settings\.json\)/);
  });

  it('with nothing in the way it still runs in yolo with its BeforeTool hook as the gate', async () => {
    run = await startOrchestratedAgent('gemini', { autoApprove: false, configure: (l: AgentLaunch) => writeJson(join(l.cwd, '.gemini/settings.json'), { hooksConfig: { enabled: true } }) });
    const waiting = await run.until((t) => t.status === 'WAITING_FOR_USER' && (t.interaction?.prompt.includes(' wants to use ') ?? false), 'the hook asks the person');
    expect(waiting.command).toContain('yolo');
    expect(waiting.explain!.at(-1)).toMatch(/WAITING_FOR_USER ← Gemini CLI BeforeTool hook$/);
    // The prompt was typed only once Gemini's SessionStart hook had shown its hooks run.
    expect(waiting.explain!.join('\n')).toMatch(/RUNNING · Gemini CLI SessionStart hook: its hooks run/);
  });

  it("hooks that do not run whatever the reason (here a folder the person does not trust: Gemini ignores settings hooks there): nothing is typed, the task stops naming the missing SessionStart hook", async () => {
    run = await startOrchestratedAgent('gemini', { autoApprove: false, configure: (l: AgentLaunch) => writeJson(join(l.home, '.gemini/trustedFolders.json'), { [l.cwd]: 'DO_NOT_TRUST' }) });
    const failed = await run.until((t) => t.status === 'FAILED', 'the task stopped', 150_000);
    expect(failed.error).toMatch(/^Gemini CLI showed its prompt, but its SessionStart hook did not reach gatehouse within 30 s: its hooks do not run/);
    expect(failed.explain!.join('\n')).toMatch(/RUNNING · screen read as idle, but no Gemini CLI SessionStart hook yet: nothing is typed until its hooks are seen to run/);
    expect(run.standin.requests.filter((r) => r.conversation)).toEqual([]);
    expect(existsSync(run.madeFile)).toBe(false);
  });
});

describe.skipIf(skipUnlessInstalled('gemini'))('Gemini CLI by hand: what the guard guards against', { timeout: 180_000 }, () => {
  it("the real CLI honours a project's hooksConfig.enabled false: in yolo, gatehouse's installed hook is never asked and the command runs", async () => {
    await expectRunsUnasked('gemini', (launch) => {
      writeJson(join(launch.cwd, '.gemini/settings.json'), { hooksConfig: { enabled: false } });
      launch.args.push('--approval-mode', 'yolo');
    });
  });
});
