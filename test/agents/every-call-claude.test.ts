// Every tool call, one judgement (issue 31) with the real Claude Code 2.1.197: gatehouse's hooks installed as a
// person installs them (`gatehouse hooks install claude`: PreToolUse beside PermissionRequest) and a policy that
// denies `Bash(touch pwned:*)`. Claude Code's own settings (the person's, a project's committed file), its bypass
// mode and acceptEdits would each let the call through without asking: the person's policy denies it all the same,
// the model is told why, and the record names the rule and the hook that saw it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordTestedWith } from './tested-with.js';
import { readPermissionLog, type PermissionRecord } from '../../server/policy/permission-log.js';
import { fileExists, installedByHand, PROMPT, skipUnlessInstalled, startHookRun, toolResultSeen, type HookRun } from '../support/agent-hook-run.js';
import type { AgentLaunch } from '../support/model-standins/agent-setups.js';
import type { ScriptStep } from '../support/model-standins/script.js';

const PWN = 'touch pwned';
const DENY_POLICY = 'deny:\n  - Bash(touch pwned:*)\n  - Edit(./secret.txt)\nallow:\n  - Read\n';

let run: HookRun | null = null;
afterEach(async () => {
  await run?.close();
  run = null;
});

/** A Claude Code settings file's permissions.allow, merged into what is there (the installed hooks stay). */
function allowInClaudeSettings(file: string, rules: string[]): void {
  mkdirSync(join(file, '..'), { recursive: true });
  const settings = fileExists(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  settings.permissions = { ...(settings.permissions ?? {}), allow: rules };
  writeFileSync(file, JSON.stringify(settings, null, 2));
}

async function startWithPolicy(configure: (launch: AgentLaunch) => void, script: ScriptStep[] = [{ shell: PWN }, { text: 'All done.' }], policy = DENY_POLICY): Promise<HookRun> {
  const started = await startHookRun('claude', {
    hub: true,
    script,
    configure: (launch) => {
      installedByHand('claude')(launch);
      configure(launch);
    },
  });
  writeFileSync(join(started.hub!.home, 'policy.yaml'), policy);
  return started;
}

async function records(): Promise<PermissionRecord[]> {
  return (await readPermissionLog(join(run!.hub!.home, 'permissions.jsonl'))).records;
}

/** The call was refused by the policy's rule, the model told so, nothing made, one record from PreToolUse. */
async function expectDeniedByRule(rule: string, made: string, mode?: string, ready = '? for shortcuts'): Promise<void> {
  await run!.cli.waitFor(ready);
  await run!.cli.submit(PROMPT);
  const result = await toolResultSeen(run!);
  expect(result.isError).toBe(true);
  expect(result.output).toContain(`gatehouse's permission policy denies this: rule ${rule} (deny)`);
  expect(fileExists(join(run!.launch.cwd, made))).toBe(false);
  const denied = (await records()).filter((r) => r.decision === 'deny');
  expect(denied).toHaveLength(1);
  expect(denied[0]).toMatchObject({ agent: 'claude', event: 'PreToolUse', decided_by: { kind: 'rule', rule, list: 'deny' } });
  if (mode) expect(denied[0]!.mode).toBe(mode);
  const { interactions } = await run!.hub!.client.request<{ interactions: Array<{ kind: string }> }>('GET', '/api/interactions?filter=all');
  expect(interactions.filter((i) => i.kind === 'choice')).toEqual([]);
}

describe.skipIf(skipUnlessInstalled('claude'))('Claude Code: the policy decides every call (PreToolUse)', () => {
  beforeEach(() => recordTestedWith('claude', 'hooks'));

  it("the person's own settings allow Bash(touch:*): the policy's deny still holds", async () => {
    run = await startWithPolicy((launch) => allowInClaudeSettings(join(launch.home, '.claude/settings.json'), ['Bash(touch:*)']));
    await expectDeniedByRule('Bash(touch pwned:*)', 'pwned', 'default');
  });

  it("a project's committed .claude/settings.json allows it: the policy's deny still holds", async () => {
    run = await startWithPolicy((launch) => allowInClaudeSettings(join(launch.cwd, '.claude/settings.json'), ['Bash(touch:*)']));
    await expectDeniedByRule('Bash(touch pwned:*)', 'pwned');
  });

  it('--dangerously-skip-permissions: the policy\'s deny still holds', async () => {
    run = await startWithPolicy((launch) => {
      launch.args.push('--dangerously-skip-permissions');
      // Claude Code refuses the bypass mode to root outside a sandbox it is told of (CI runs as root).
      launch.env.IS_SANDBOX = '1';
      // The bypass mode's one-time warning, accepted as a person accepts it once.
      allowInClaudeSettings(join(launch.home, '.claude/settings.json'), []);
      const file = join(launch.home, '.claude/settings.json');
      writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), skipDangerousModePermissionPrompt: true }, null, 2));
    });
    await expectDeniedByRule('Bash(touch pwned:*)', 'pwned', 'bypassPermissions', 'bypass permissions on');
  });

  it('--permission-mode acceptEdits: an Edit the policy denies is refused, the file stays as it was', async () => {
    // Claude Code edits a file only after reading it; the paths are the run's project folder, known once it is made.
    let cwd = '';
    run = await startHookRun('claude', {
      hub: true,
      script: [
        () => ({ tool: 'Read', args: { file_path: join(cwd, 'secret.txt') } }),
        () => ({ tool: 'Edit', args: { file_path: join(cwd, 'secret.txt'), old_string: 'keep', new_string: 'changed' } }),
        { text: 'All done.' },
      ],
      configure: (launch) => {
        cwd = launch.cwd;
        installedByHand('claude')(launch);
        launch.args.push('--permission-mode', 'acceptEdits');
        writeFileSync(join(launch.cwd, 'secret.txt'), 'keep\n');
      },
    });
    writeFileSync(join(run.hub!.home, 'policy.yaml'), DENY_POLICY);
    await run.cli.waitFor('accept edits on');
    await run.cli.submit(PROMPT);
    const edit = await run.standin.waitFor((r) => r.conversation && r.toolResults.some((t) => t.callId === 'toolu_standin_1'), 'the Edit result came back');
    expect(edit.toolResults[0]).toMatchObject({ isError: true });
    expect(edit.toolResults[0]!.output).toContain("gatehouse's permission policy denies this: rule Edit(./secret.txt) (deny)");
    expect(readFileSync(join(cwd, 'secret.txt'), 'utf8')).toBe('keep\n');
    const all = await records();
    expect(all.find((r) => r.tool === 'Edit')).toMatchObject({ event: 'PreToolUse', decision: 'deny', mode: 'acceptEdits', decided_by: { kind: 'rule', rule: 'Edit(./secret.txt)' } });
    expect(all.find((r) => r.tool === 'Read')).toMatchObject({ event: 'PreToolUse', decision: 'allow', decided_by: { kind: 'rule', rule: 'Read' } });
  });

  describe("risk: medium: cli — the person's policy leaves such calls to Claude Code's own settings", () => {
    const LEAVE = 'risk:\n  medium: cli\ndeny:\n  - Bash(touch pwned:*)\n';
    const MAKE = 'touch made-by-own-allow';

    it("Claude Code's own allow lets it run, and the record names its file, line and rule (decided_by agent-settings)", async () => {
      run = await startWithPolicy((launch) => allowInClaudeSettings(join(launch.home, '.claude/settings.json'), ['Bash(ls:*)', 'Bash(touch:*)']), [{ shell: MAKE }, { text: 'All done.' }], LEAVE);
      await run.cli.waitFor('? for shortcuts');
      await run.cli.submit(PROMPT);
      const result = await toolResultSeen(run);
      expect(result.isError).toBe(false);
      expect(fileExists(join(run.launch.cwd, 'made-by-own-allow'))).toBe(true);
      const [record, ...more] = await records();
      expect(more).toEqual([]);
      const settings = join(run.launch.home, '.claude/settings.json');
      const line = readFileSync(settings, 'utf8').split('\n').findIndex((l) => l.includes('"Bash(touch:*)"')) + 1;
      expect(record).toMatchObject({ event: 'PreToolUse', decision: 'ask', gate: null, decided_by: { kind: 'agent-settings', grade: 'medium', rule: 'Bash(touch:*)', list: 'allow', file: settings, line } });
      expect(record!.decided_by.text).toContain(`its own allow rule Bash(touch:*) (${settings}:${line}) allows it`);
      const { interactions } = await run.hub!.client.request<{ interactions: Array<{ kind: string }> }>('GET', '/api/interactions?filter=all');
      expect(interactions.filter((i) => i.kind === 'choice')).toEqual([]);
    });

    it("with no allow of its own, Claude Code's own dialog asks (gatehouse asks nobody) and the record says so", async () => {
      run = await startWithPolicy(() => {}, [{ shell: MAKE }, { text: 'All done.' }], LEAVE);
      await run.cli.waitFor('? for shortcuts');
      await run.cli.submit(PROMPT);
      await run.cli.waitFor('Do you want to proceed?');
      const [record] = await records();
      expect(record).toMatchObject({ event: 'PreToolUse', decided_by: { kind: 'agent-settings', grade: 'medium' } });
      expect(record!.decided_by.text).toContain('none of its own rules that gatehouse reads covers it, so its default applies: its own dialog');
      expect(record!.decided_by.rule).toBeUndefined();
      const { interactions } = await run.hub!.client.request<{ interactions: Array<{ kind: string }> }>('GET', '/api/interactions?filter=all');
      expect(interactions.filter((i) => i.kind === 'choice')).toEqual([]);
    });
  });
});
