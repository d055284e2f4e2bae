// The hook before every tool call (issue 31) as the real hook process answers it, fed the inputs the real CLIs
// sent (test/fixtures/hook-inputs/<cli>-<event>.json, recorded by record-call-inputs.ts) against a real hub:
// the policy's deny in each CLI's own answer format; where the policy asks, a hook that cannot ask (Codex, Qwen Code)
// holds the call for the person; the call's later hook takes the earlier one's decision (the person is asked
// once, the call recorded once); a hub that is not running is started by the first call; one that does not answer
// leaves the call to the CLI (no output).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { cliLauncher } from '../../server/package-info.js';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readPermissionLog } from '../../server/policy/permission-log.js';
import { answerHubGate, hubGates, pendingHubGate, runHookProcess } from '../support/hook-process.js';
import { makeTempHome, startTestHub, type TestHub } from '../support/test-hub.js';

let hub: TestHub;
let project: string;
let session = 0;

/** A recorded input with the run's values: this test's project, a new session id each time. */
function recorded(cli: string, event: string, command = 'touch pwned'): Record<string, any> {
  const text = readFileSync(join(process.cwd(), 'test/fixtures/hook-inputs/every-call', `${cli}-${event}.json`), 'utf8').replaceAll('<project>', project);
  const input = JSON.parse(text);
  input.session_id = `sess-${++session}`;
  input.tool_input.command = command;
  return input;
}

const output = (stdout: string) => (stdout.trim() ? JSON.parse(stdout) : null);
const records = async () => (await readPermissionLog(join(hub.home, 'permissions.jsonl'))).records;

beforeAll(async () => {
  hub = await startTestHub();
  project = await makeTempHome('gatehouse-call-project-');
  mkdirSync(join(project, '.git'));
});
afterAll(async () => {
  await hub.stop();
});
beforeEach(() => writeFileSync(join(hub.home, 'policy.yaml'), 'deny:\n  - Bash(touch pwned:*)\nallow:\n  - Bash(ls)\n'));

describe('the hook before every tool call, on the inputs the real CLIs send', () => {
  it("denies in each CLI's own answer format, naming the rule; records the hook event and the CLI's mode", async () => {
    for (const [cli, event] of [['claude', 'PreToolUse'], ['codex', 'PreToolUse'], ['qwen', 'PreToolUse']] as const) {
      const exit = await runHookProcess(hub.env, cli, event, recorded(cli, event));
      expect(exit.code).toBe(0);
      expect(output(exit.stdout).hookSpecificOutput).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: expect.stringContaining('rule Bash(touch pwned:*) (deny)') });
    }
    const gemini = await runHookProcess(hub.env, 'gemini', 'BeforeTool', recorded('gemini', 'BeforeTool'));
    expect(output(gemini.stdout)).toMatchObject({ decision: 'deny', reason: expect.stringContaining('rule Bash(touch pwned:*) (deny)') });
    const denied = (await records()).filter((r) => r.decision === 'deny').map((r) => [r.agent, r.event, r.mode ?? null]);
    expect(denied).toEqual([
      ['claude', 'PreToolUse', 'default'],
      ['codex', 'PreToolUse', 'default'],
      ['qwen', 'PreToolUse', 'yolo'],
      ['gemini', 'BeforeTool', null],
    ]);
  });

  it('an allow rule: Claude Code is told allow (no dialog); Codex and Qwen Code, which cannot be told allow, get no output', async () => {
    expect(output((await runHookProcess(hub.env, 'claude', 'PreToolUse', recorded('claude', 'PreToolUse', 'ls'))).stdout).hookSpecificOutput).toEqual({
      hookEventName: 'PreToolUse',
      permissionDecision: 'allow',
      permissionDecisionReason: expect.stringContaining('rule Bash(ls) (allow)'),
    });
    for (const cli of ['codex', 'qwen']) expect((await runHookProcess(hub.env, cli, 'PreToolUse', recorded(cli, 'PreToolUse', 'ls'))).stdout).toBe('');
  });

  it('where the policy asks, Codex\'s hook holds the call for the person; their Yes passes it, and its permission hook then allows it unasked, recorded once', async () => {
    const before = (await records()).length;
    const input = recorded('codex', 'PreToolUse', 'make build');
    const held = runHookProcess(hub.env, 'codex', 'PreToolUse', input);
    const gate = await pendingHubGate(hub);
    expect(gate.request.prompt).toContain('make build');
    await answerHubGate(hub, gate.id, 'yes');
    expect((await held).stdout).toBe('');
    const gatesBefore = (await hubGates(hub)).length;
    // Codex's sandbox wants approval for it: its PermissionRequest for the same call (with the model's reason).
    const later = await runHookProcess(hub.env, 'codex', 'PermissionRequest', { ...input, hook_event_name: 'PermissionRequest', tool_input: { command: 'make build', description: 'build it' } });
    expect(output(later.stdout).hookSpecificOutput.decision).toEqual({ behavior: 'allow' });
    expect((await hubGates(hub)).length).toBe(gatesBefore);
    const added = (await records()).slice(before);
    expect(added).toEqual([expect.objectContaining({ event: 'PreToolUse', decision: 'allow', decided_by: expect.objectContaining({ kind: 'person', option: 'yes' }) })]);
  });

  it("Qwen Code asks its permission hook first: the person's answer there is what its PreToolUse for the call gets, recorded once", async () => {
    const before = (await records()).length;
    const input = recorded('qwen', 'PreToolUse', 'make dist');
    const asked = runHookProcess(hub.env, 'qwen', 'PermissionRequest', { ...input, hook_event_name: 'PermissionRequest', permission_mode: 'default' });
    const gate = await pendingHubGate(hub);
    await answerHubGate(hub, gate.id, 'no');
    expect(output((await asked).stdout).hookSpecificOutput.decision.behavior).toBe('deny');
    const gatesBefore = (await hubGates(hub)).length;
    const pre = await runHookProcess(hub.env, 'qwen', 'PreToolUse', input);
    expect(output(pre.stdout).hookSpecificOutput).toMatchObject({ permissionDecision: 'deny', permissionDecisionReason: expect.stringContaining('The person said No') });
    expect((await hubGates(hub)).length).toBe(gatesBefore);
    expect((await records()).slice(before)).toEqual([expect.objectContaining({ event: 'PermissionRequest', decision: 'deny' })]);
  });

  it('no hub running: the first call starts one, whose policy decides it (its deny holds)', async () => {
    const home = await makeTempHome('gatehouse-call-nohub-');
    writeFileSync(join(home, 'policy.yaml'), 'deny:\n  - Bash(touch pwned:*)\n');
    const env = { ...hub.env, GATEHOUSE_HOME: home };
    try {
      const exit = await runHookProcess(env, 'claude', 'PreToolUse', recorded('claude', 'PreToolUse'));
      expect(output(exit.stdout).hookSpecificOutput).toMatchObject({ permissionDecision: 'deny', permissionDecisionReason: expect.stringContaining('rule Bash(touch pwned:*) (deny)') });
      expect(existsSync(join(home, 'hub.json'))).toBe(true);
      // The next call takes the fast path the started hub wrote for it.
      expect(existsSync(join(home, 'hook.curlrc'))).toBe(true);
    } finally {
      await promisify(execFile)(process.execPath, [cliLauncher, 'stop'], { env });
    }
  });

  it('a hub that does not answer (its port taken by something else): no output, the CLI decides by its own settings, and the hook says why', async () => {
    const home = await makeTempHome('gatehouse-call-deadhub-');
    const env = { ...hub.env, GATEHOUSE_HOME: home };
    // hub.json names a live process (this one) on a port nobody listens on; the credential is there.
    writeFileSync(join(home, 'credential'), 'x'.repeat(43), { mode: 0o600 });
    writeFileSync(join(home, 'hub.json'), JSON.stringify({ pid: process.pid, host: '127.0.0.1', port: 9, version: '0', started_at: new Date().toISOString() }));
    const exit = await runHookProcess(env, 'codex', 'PreToolUse', recorded('codex', 'PreToolUse'));
    expect(exit).toMatchObject({ code: 0, stdout: '' });
    expect(exit.stderr).toContain('Codex decides itself');
  });
});
