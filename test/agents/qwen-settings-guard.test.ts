// Qwen Code 0.15.10 under `gatehouse run`, where the person's or the project's own settings would switch
// gatehouse's hooks off or let Qwen run tools without asking. gatehouse's hooks come in through Qwen's
// system-defaults file, the lowest of the files it merges; the launch reads the others the way Qwen does
// (server/agents/qwen/settings-guard.ts). Seen before this guard: a project's `tools.approvalMode: "yolo"` made Qwen
// run every tool unasked (its PermissionRequest hook runs only where Qwen would ask), and `disableAllHooks`
// left the task to Qwen's own dialog with nothing in the task saying why.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { askThroughHook, installedByHand, skipUnlessInstalled, startHookRun, toolResultSeen } from '../support/agent-hook-run.js';
import { recordTestedWith } from './tested-with.js';
import { startOrchestratedAgent, type OrchestratedAgent } from '../support/orchestrated-agent.js';
import type { AgentLaunch } from '../support/model-standins/agent-setups.js';
import type { TaskView } from '../../server/orchestrator/face/task-views.js';

let run: OrchestratedAgent | null = null;
afterEach(async () => {
  await run?.close();
  run = null;
});

function projectSettings(settings: unknown): (launch: AgentLaunch) => void {
  return (launch) => {
    const file = join(launch.cwd, '.qwen/settings.json');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(settings, null, 2));
  };
}

const hookQuestion = (t: TaskView) => t.status === 'WAITING_FOR_USER' && (t.interaction?.prompt.includes(' wants to use ') ?? false);

describe.skipIf(skipUnlessInstalled('qwen'))('Qwen Code under gatehouse run: settings that would bypass its hooks', { timeout: 180_000 }, () => {
  beforeEach(() => recordTestedWith('qwen', 'orchestrator', { covers: 'settings that would bypass its hooks: refused or overridden, naming the file' }));
  it("the project's tools.approvalMode \"yolo\": Qwen runs with --approval-mode default, so the person is asked and a No holds", async () => {
    run = await startOrchestratedAgent('qwen', { autoApprove: false, configure: projectSettings({ tools: { approvalMode: 'yolo' } }) });
    const waiting = await run.until(hookQuestion, 'the hook asks the person');
    expect(waiting.command!.slice(-2)).toEqual(['--approval-mode', 'default']);
    expect(waiting.explain![0]).toMatch(/tools\.approvalMode "yolo" in .*\/proj\/\.qwen\/settings\.json would run tools without asking anyone: run with --approval-mode default/);
    expect(existsSync(run.madeFile)).toBe(false);
    await run.choose({ option: 'No' });
    const seen = await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(seen.toolResults[0].output).toContain('The person said No through gatehouse.');
    expect(existsSync(run.madeFile)).toBe(false);
  });

  it("the project's disableAllHooks: the task says so, and Qwen's own dialog, read on screen, is the person's question", async () => {
    run = await startOrchestratedAgent('qwen', { autoApprove: false, configure: projectSettings({ disableAllHooks: true }) });
    const waiting = await run.until((t) => t.status === 'WAITING_FOR_USER' && /Allow execution of/.test(t.interaction?.screen ?? ''), "Qwen's own dialog");
    expect(waiting.explain![0]).toMatch(/gatehouse's hooks would not run \(disableAllHooks true in .*\/proj\/\.qwen\/settings\.json\): Qwen Code's own dialog asks, on screen/);
    expect(waiting.explain!.join('\n')).not.toMatch(/PermissionRequest hook$/m);
    expect(existsSync(run.madeFile)).toBe(false);
  });
});

describe.skipIf(skipUnlessInstalled('qwen'))('Qwen Code by hand: what the guard guards against', { timeout: 180_000 }, () => {
  it("a project's tools.approvalMode \"yolo\": Qwen never raises its permission hook, but gatehouse's hook before every call (PreToolUse) holds the call for the person, and a No holds", async () => {
    const hand = await startHookRun('qwen', {
      hub: true,
      configure: (launch) => {
        installedByHand('qwen')(launch);
        projectSettings({ tools: { approvalMode: 'yolo' } })(launch);
      },
    });
    try {
      const question = await askThroughHook(hand, 'Type your message');
      expect(question.request.title).toBe('Qwen Code: allow run_shell_command?');
      expect(existsSync(hand.madeFile)).toBe(false);
      await hand.answer(question.id, 'no');
      expect((await toolResultSeen(hand)).output).toContain('The person said No through gatehouse.');
      expect(existsSync(hand.madeFile)).toBe(false);
    } finally {
      await hand.close();
    }
  });
});
