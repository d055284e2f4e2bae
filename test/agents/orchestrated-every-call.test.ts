// Every tool call, one judgement (issue 31) under `gatehouse run`: the task wires Claude Code's hook before every
// call (PreToolUse) beside its permission hook, so the person's policy decides a call that Claude Code's own allow
// list would run unasked — inside a task as by hand. The real Claude Code 2.1.197 against its model stand-in.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMAND, skipUnlessInstalled } from '../support/agent-hook-run.js';
import { startOrchestratedAgent, type OrchestratedAgent } from '../support/orchestrated-agent.js';
import { readPermissionLog } from '../../server/policy/permission-log.js';
import { recordTestedWith } from './tested-with.js';

let run: OrchestratedAgent | null = null;
afterEach(async () => {
  await run?.close();
  run = null;
});

describe.skipIf(skipUnlessInstalled('claude'))('Claude Code under gatehouse run: the policy decides every call (PreToolUse)', () => {
  beforeEach(() => recordTestedWith('claude', 'orchestrator', { covers: 'the policy’s deny at PreToolUse over the person’s own allow list, inside a task' }));

  it("the person's own settings allow Bash(echo:*), autoApprove is on: the policy's deny still holds, recorded for the task", async () => {
    run = await startOrchestratedAgent('claude', {
      autoApprove: true,
      policy: 'deny:\n  - Bash(echo hello-from-standin:*)\n',
      configure: (launch) => {
        mkdirSync(join(launch.home, '.claude'), { recursive: true });
        writeFileSync(join(launch.home, '.claude/settings.json'), JSON.stringify({ permissions: { allow: ['Bash(echo:*)'] } }, null, 2));
      },
    });
    const seen = await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(seen.toolResults[0].output).toContain("gatehouse's permission policy denies this: rule Bash(echo hello-from-standin:*) (deny)");
    expect(existsSync(run.madeFile)).toBe(false);
    const done = await run.until((t) => t.status === 'DONE', 'the task is done');
    expect(done.explain!.join('\n')).toContain('Claude Code PreToolUse hook: denied by rule Bash(echo hello-from-standin:*)');
    const records = (await readPermissionLog(join(run.hub.home, 'permissions.jsonl'))).records;
    expect(records.map((r) => [r.event, r.detail, r.decision, r.decided_by.rule, r.task])).toEqual([['PreToolUse', COMMAND, 'deny', 'Bash(echo hello-from-standin:*)', done.id]]);
  });
});
