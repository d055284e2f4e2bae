// Every tool call, one judgement (issue 31) with the real Codex 0.169, Gemini CLI 0.61 and Qwen Code 0.15.10: each
// with gatehouse's hooks installed as a person installs them (`gatehouse hooks install <cli>`) and a policy denying
// `Bash(touch pwned:*)`, in a mode where the CLI itself would run the command without asking anyone — Codex's
// workspace-write sandbox with its default approvals, Gemini CLI's and Qwen Code's yolo. The deny holds, the model
// is told why, and the record names the rule and the hook before every call that saw it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recordTestedWith } from './tested-with.js';
import { readPermissionLog } from '../../server/policy/permission-log.js';
import { fileExists, installedByHand, PROMPT, skipUnlessInstalled, startHookRun, toolResultSeen, type HookRun } from '../support/agent-hook-run.js';
import type { AgentCli, AgentLaunch } from '../support/model-standins/agent-setups.js';

const PWN = 'touch pwned';
let run: HookRun | null = null;
afterEach(async () => {
  await run?.close();
  run = null;
});

async function deniedWhereTheCliWouldNotAsk(cli: AgentCli, ready: string, event: string, mode: (launch: AgentLaunch) => void): Promise<void> {
  run = await startHookRun(cli, {
    hub: true,
    script: [{ shell: PWN }, { text: 'All done.' }],
    configure: (launch) => {
      installedByHand(cli)(launch);
      mode(launch);
    },
  });
  writeFileSync(join(run.hub!.home, 'policy.yaml'), 'deny:\n  - Bash(touch pwned:*)\n');
  await run.cli.waitFor(ready);
  // Typed once the start-up screen is still (an Enter typed while the CLI still starts can be dropped under load).
  await run.cli.settle(1000);
  await run.cli.submit(PROMPT);
  const result = await toolResultSeen(run);
  expect(result.output).toContain("gatehouse's permission policy denies this: rule Bash(touch pwned:*) (deny)");
  expect(fileExists(join(run.launch.cwd, 'pwned'))).toBe(false);
  const { records } = await readPermissionLog(join(run.hub!.home, 'permissions.jsonl'));
  expect(records.filter((r) => r.decision === 'deny')).toEqual([expect.objectContaining({ agent: cli, event, decided_by: expect.objectContaining({ kind: 'rule', rule: 'Bash(touch pwned:*)' }) })]);
}

describe.skipIf(skipUnlessInstalled('codex'))('Codex: the policy decides every call (PreToolUse)', { timeout: 180_000 }, () => {
  it('--sandbox workspace-write with its default approvals: a command inside the workspace is denied by the policy', async () => {
    recordTestedWith('codex', 'hooks');
    await deniedWhereTheCliWouldNotAsk('codex', 'Ask Codex to do anything', 'PreToolUse', (launch) => {
      // Codex runs a new hook once the person trusted it; for this run the flag stands in for that review.
      launch.args.push('--dangerously-bypass-hook-trust', '--sandbox', 'workspace-write');
    });
  });
});

describe.skipIf(skipUnlessInstalled('gemini'))('Gemini CLI: the policy decides every call (BeforeTool)', { timeout: 180_000 }, () => {
  it('--approval-mode yolo: the command is denied by the policy', async () => {
    recordTestedWith('gemini', 'hooks');
    await deniedWhereTheCliWouldNotAsk('gemini', 'Type your message', 'BeforeTool', (launch) => launch.args.push('--approval-mode', 'yolo'));
  });
});

describe.skipIf(skipUnlessInstalled('qwen'))('Qwen Code: the policy decides every call (PreToolUse)', { timeout: 180_000 }, () => {
  it("a project's tools.approvalMode \"yolo\" (its permission hook is never raised): the command is denied by the policy", async () => {
    recordTestedWith('qwen', 'hooks');
    await deniedWhereTheCliWouldNotAsk('qwen', 'Type your message', 'PreToolUse', (launch) => {
      mkdirSync(join(launch.cwd, '.qwen'), { recursive: true });
      writeFileSync(join(launch.cwd, '.qwen/settings.json'), JSON.stringify({ tools: { approvalMode: 'yolo' } }));
    });
  });
});
