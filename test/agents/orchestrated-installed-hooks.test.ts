// Claude Code 2.1.197 and Qwen Code 0.15.10 as tasks of `gatehouse run` for a person who also ran `gatehouse hooks
// install <cli>`: both CLIs read the person's own settings besides the task's, so each permission request runs
// two gatehouse hooks — the installed one (here with a 2 s wait) and the task's own. The installed hook sees it
// runs inside its CLI's task and steps aside (prints nothing: no decision); the task's hook asks the person once,
// and the installed hook being done does not hand that question back to the CLI's dialog.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMAND, installedByHand, skipUnlessInstalled } from '../support/agent-hook-run.js';
import { startOrchestratedAgent, type OrchestratedAgent } from '../support/orchestrated-agent.js';
import type { InteractionSummary } from '../../shared/interactions.js';
import type { TaskView } from '../../server/orchestrator/face/task-views.js';
import { hookAgent } from '../../server/agents/hook-agents.js';
import { firstCallEvent } from '../../server/agents/call-memo.js';
import { recordTestedWith } from './tested-with.js';

let run: OrchestratedAgent | null = null;
afterEach(async () => {
  await run?.close();
  run = null;
});

const hookQuestion = (t: TaskView) => t.status === 'WAITING_FOR_USER' && (t.interaction?.prompt.includes(' wants to use ') ?? false);

/** The hook runs GATEHOUSE_HOOK_TIMES records: one line per hook process that finished (the bench's own aid). */
function hookRuns(file: string): Array<{ event: string; deferred?: boolean }> {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

async function startWithInstalledHook(cli: 'claude' | 'qwen'): Promise<{ run: OrchestratedAgent; times: string }> {
  let times = '';
  const started = await startOrchestratedAgent(cli, {
    autoApprove: false,
    configure: (launch) => {
      installedByHand(cli, 2)(launch);
      times = join(launch.home, 'hook-times.jsonl');
      launch.env.GATEHOUSE_HOOK_TIMES = times;
    },
  });
  return { run: started, times };
}

/** Once the task's question is up and the installed hook is done: still the person's one question. */
async function oneQuestionOutlivingTheInstalledHook(r: OrchestratedAgent, times: string, event: string): Promise<void> {
  await r.until(hookQuestion, 'the task waits for the person');
  // The task's hook is still waiting, so any finished hook run of that event is the installed one's.
  await r.until(() => hookRuns(times).some((h) => h.event === event), 'the installed hook finished');
  // Every installed hook that ran stepped aside: the one of this event once, and any other of the call's.
  expect(hookRuns(times).filter((h) => h.event === event)).toEqual([expect.objectContaining({ event, deferred: true })]);
  expect(hookRuns(times).every((h) => h.deferred === true)).toBe(true);
  const task = await r.task();
  expect(task).toMatchObject({ status: 'WAITING_FOR_USER', interaction: { prompt: expect.stringContaining(COMMAND) } });
  // One gate only, the task's (the installed hook asks nothing of its own).
  const { interactions } = await r.hub.client.request<{ interactions: InteractionSummary[] }>('GET', '/api/interactions?filter=active');
  const gates = interactions.filter((i) => i.kind === 'choice');
  expect(gates).toHaveLength(1);
  expect(gates[0]).toMatchObject({ id: task.interaction!.gate, source: { kind: 'hook', task: task.name } });
}

for (const cli of ['claude', 'qwen'] as const) {
  const { name } = hookAgent(cli);
  // The event that holds the question: Claude Code's PreToolUse (raised before its own check), Qwen Code's permission hook.
  const firstEvent = firstCallEvent(hookAgent(cli));
  describe.skipIf(skipUnlessInstalled(cli))(`${name} under gatehouse run with gatehouse's hook also installed by hand`, () => {
    beforeEach(() => recordTestedWith(cli, 'orchestrator', { covers: 'the same with gatehouse’s hook also installed by hand' }));

    it("the person's Yes: the command runs once", async () => {
      const started = await startWithInstalledHook(cli);
      run = started.run;
      await oneQuestionOutlivingTheInstalledHook(run, started.times, firstEvent);
      await run.choose({ option: 'Yes' });
      await run.until((t) => t.status === 'DONE', 'the task is done');
      expect(readFileSync(run.madeFile, 'utf8')).toBe('hello-from-standin\n');
      expect(run.standin.toolResultsSeen()).toHaveLength(1);
    });

    it("the person's No: nothing runs and the model is told", async () => {
      const started = await startWithInstalledHook(cli);
      run = started.run;
      await oneQuestionOutlivingTheInstalledHook(run, started.times, firstEvent);
      await run.choose({ option: 'No' });
      const seen = await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
      expect(seen.toolResults[0].output).toContain('The person said No through gatehouse');
      expect(existsSync(run.madeFile)).toBe(false);
    });
  });
}
