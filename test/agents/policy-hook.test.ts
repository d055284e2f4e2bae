// The permission policy on the standalone hook route (issue 21): a real hub on 127.0.0.1 with a policy file in
// its data directory, and the real hook process (`dist/cli/gatehouse-hook.cjs`, the command line `hooks install`
// writes) fed each CLI's hook JSON on stdin as the CLI would. Policy first, then the person.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { answerHubGate, hubGates, pendingHubGate, runHookProcess, type HookExit } from '../support/hook-process.js';
import { cliLauncher } from '../../server/package-info.js';
import { makeTempHome, startTestHub, type TestHub } from '../support/test-hub.js';

let hub: TestHub;
let project: string;
let policyFile: string;

const runHook = (agent: string, event: string, input: object, wait = 30): Promise<HookExit> => runHookProcess(hub.env, agent, event, input, wait);

/** Claude Code's (and Codex's) PermissionRequest hook JSON for a shell command. */
const bash = (command: string, session = 'sess-1') => ({ session_id: session, hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command, description: 'd' }, cwd: project, permission_mode: 'default' });
const claudeAnswer = (exit: HookExit) => JSON.parse(exit.stdout).hookSpecificOutput.decision as { behavior: string; message?: string };

const gates = () => hubGates(hub);
const pendingGate = () => pendingHubGate(hub);
const answer = (id: string, option: string) => answerHubGate(hub, id, option);

const session = async (id: string) => (await hub.client.request<{ session: ChoiceSessionView }>('GET', `/api/sessions/${id}`)).session;

function writePolicy(text: string): void {
  writeFileSync(policyFile, text);
}

beforeAll(async () => {
  hub = await startTestHub();
  policyFile = join(hub.home, 'policy.yaml');
  project = await makeTempHome('gatehouse-policy-project-');
  mkdirSync(join(project, '.git'));
});
afterAll(async () => {
  await hub.stop();
});

describe('policy first, then the person (standalone hook route)', () => {
  it('an allowed command: the reply allows and no gate is made', async () => {
    writePolicy('allow:\n  - Bash(npm test)\ndeny:\n  - Bash(rm -rf:*)\n');
    const before = (await gates()).length;
    const exit = await runHook('claude', 'PermissionRequest', bash('npm test'));
    expect(exit.code).toBe(0);
    expect(claudeAnswer(exit)).toEqual({ behavior: 'allow' });
    expect((await gates()).length).toBe(before);
  });

  it('a denied command: the reply denies and tells the model the rule, its file and line (Claude Code and Codex)', async () => {
    writePolicy('allow:\n  - Bash(npm test)\ndeny:\n  - Bash(rm -rf:*)\n');
    const before = (await gates()).length;
    for (const agent of ['claude', 'codex']) {
      const decision = claudeAnswer(await runHook(agent, 'PermissionRequest', bash('npm test && rm -rf ~')));
      expect(decision.behavior).toBe('deny');
      expect(decision.message).toContain(`rule Bash(rm -rf:*) (deny) in ${policyFile} line 4`);
    }
    expect((await gates()).length).toBe(before);
  });

  it('`npm test && rm -rf ~` under Bash(npm test) alone is a gate, with the five grants', async () => {
    writePolicy('allow:\n  - Bash(npm test)\n');
    const run = runHook('claude', 'PermissionRequest', bash('npm test && rm -rf ~'));
    const gate = await pendingGate();
    expect(gate.request.options.map((o) => o.id)).toEqual(['yes', 'session', 'always', 'no', 'never']);
    expect(gate.request.prompt).toContain(`**Always** adds to \`${policyFile}\` under \`allow:\`: \`Bash(npm test)\`, \`Bash(rm -rf ~)\``);
    await answer(gate.id, 'no');
    expect(claudeAnswer(await run).behavior).toBe('deny');
    expect((await session(gate.id)).decided_by).toMatchObject({ kind: 'person', via: 'web', option: 'no' });
  });

  it('`session` lets the same request through in that session with no gate; a new session asks again', async () => {
    writePolicy('allow:\n  - Bash(npm test)\n');
    const first = runHook('claude', 'PermissionRequest', bash('make build', 'sess-A'));
    const gate = await pendingGate();
    await answer(gate.id, 'session');
    expect(claudeAnswer(await first)).toEqual({ behavior: 'allow' });
    expect((await session(gate.id)).decided_by).toMatchObject({ kind: 'person', option: 'session' });
    const before = (await gates()).length;
    const again = await runHook('claude', 'PermissionRequest', bash('make build', 'sess-A'));
    expect(claudeAnswer(again)).toEqual({ behavior: 'allow' });
    expect((await gates()).length).toBe(before);
    // Another command in that session, and the same command in another session, ask.
    const other = runHook('claude', 'PermissionRequest', bash('make build', 'sess-B'));
    const second = await pendingGate();
    expect(second.id).not.toBe(gate.id);
    await answer(second.id, 'no');
    expect(claudeAnswer(await other).behavior).toBe('deny');
  });

  it('`always` writes the narrowest rule into the policy file and the next request needs no one', async () => {
    writePolicy('allow:\n  - Bash(npm test)\n');
    const first = runHook('codex', 'PermissionRequest', bash('npm run lint', 'sess-C'));
    const gate = await pendingGate();
    await answer(gate.id, 'always');
    expect(claudeAnswer(await first)).toEqual({ behavior: 'allow' });
    const text = readFileSync(policyFile, 'utf8');
    expect(text).toContain('- Bash(npm run lint)');
    expect(text).toContain(`added from gate ${gate.id}`);
    const before = (await gates()).length;
    expect(claudeAnswer(await runHook('claude', 'PermissionRequest', bash('npm run lint', 'sess-other')))).toEqual({ behavior: 'allow' });
    expect((await gates()).length).toBe(before);
  });

  it('`never` writes a deny rule, and the next such request is denied naming it', async () => {
    writePolicy('allow:\n  - Bash(npm test)\n');
    const first = runHook('claude', 'PermissionRequest', bash('curl example.com'));
    const gate = await pendingGate();
    await answer(gate.id, 'never');
    expect(claudeAnswer(await first).behavior).toBe('deny');
    expect(readFileSync(policyFile, 'utf8')).toMatch(/deny:\n(.*\n)*\s+- Bash\(curl example\.com\)/);
    const next = claudeAnswer(await runHook('claude', 'PermissionRequest', bash('curl example.com')));
    expect(next.behavior).toBe('deny');
    expect(next.message).toContain('rule Bash(curl example.com) (deny)');
  });

  it("Gemini CLI: an allow rule leaves Gemini's own dialog saying the policy allowed it; a deny holds", async () => {
    writePolicy('allow:\n  - Bash(npm test)\ndeny:\n  - Bash(rm -rf:*)\n');
    const input = (command: string) => ({ session_id: 'g1', hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command }, cwd: project });
    const allowed = JSON.parse((await runHook('gemini', 'BeforeTool', input('npm test'))).stdout);
    expect(allowed.decision).toBe('ask');
    expect(allowed.systemMessage).toContain('gatehouse allowed it (rule Bash(npm test) (allow)');
    const denied = JSON.parse((await runHook('gemini', 'BeforeTool', input('rm -rf build'))).stdout);
    expect(denied.decision).toBe('deny');
    expect(denied.reason).toContain('rule Bash(rm -rf:*) (deny)');
  });

  it('one bad rule is left out and named in /api/health and `gatehouse status`; the deny beside it still denies', async () => {
    writePolicy('deny:\n  - bash(rm:*)\n  - Bash(touch pwned:*)\nallow:\n  - Bash(touch:*)\n');
    const decision = claudeAnswer(await runHook('claude', 'PermissionRequest', bash('touch pwned now')));
    expect(decision.behavior).toBe('deny');
    expect(decision.message).toContain(`rule Bash(touch pwned:*) (deny) in ${policyFile} line 3`);
    expect(claudeAnswer(await runHook('claude', 'PermissionRequest', bash('touch fine')))).toEqual({ behavior: 'allow' });
    const health = await hub.client.request<{ policy: { file: string; errors: string[]; broken: boolean; rules: number } }>('GET', '/api/health');
    expect(health.policy).toMatchObject({ file: policyFile, broken: false, rules: 2 });
    expect(health.policy.errors).toEqual([expect.stringMatching(new RegExp(`^${policyFile.replace(/[.]/g, '\\.')}:2:5: `))]);
    const status = await promisify(execFile)(process.execPath, [cliLauncher, 'status'], { env: hub.env }).catch((e) => e as { stdout: string });
    expect(status.stdout).toContain(`policy:    ${policyFile} (2 rule(s)) — 1 entry left out until fixed (every other rule holds)`);
    expect(status.stdout).toContain(`policy error: ${health.policy.errors[0]}`);
  });

  it('a file that stops parsing still denies by its last valid version; the rest asks, and health and status say so', async () => {
    writePolicy('deny:\n  - Bash(touch pwned:*)\nallow:\n  - Bash(npm test)\n');
    expect(claudeAnswer(await runHook('claude', 'PermissionRequest', bash('npm test')))).toEqual({ behavior: 'allow' });
    writePolicy('deny:\n  - Bash(touch pwned:*)\n allow: [Bash(npm test)\n');
    const denied = claudeAnswer(await runHook('claude', 'PermissionRequest', bash('touch pwned now')));
    expect(denied.behavior).toBe('deny');
    expect(denied.message).toContain(`from the last valid version of ${policyFile}`);
    const run = runHook('claude', 'PermissionRequest', bash('npm test'));
    const gate = await pendingGate();
    expect(gate.request.prompt).toContain('the policy does not parse');
    expect(gate.request.prompt).toContain('the deny rules of its last valid version');
    expect(gate.request.options.map((o) => o.id)).toEqual(['yes', 'no']);
    await answer(gate.id, 'yes');
    expect(claudeAnswer(await run)).toEqual({ behavior: 'allow' });
    const health = await hub.client.request<{ policy: { errors: string[]; broken: boolean; last_valid: { file: string; saved_at: string } | null } }>('GET', '/api/health');
    expect(health.policy).toMatchObject({ broken: true, last_valid: { file: join(hub.home, 'policy.last-valid.yaml') } });
    const status = await promisify(execFile)(process.execPath, [cliLauncher, 'status'], { env: hub.env }).catch((e) => e as { stdout: string });
    expect(status.stdout).toContain(`— DOES NOT PARSE: the deny rules of its last valid version (${join(hub.home, 'policy.last-valid.yaml')}, saved ${health.policy.last_valid!.saved_at}) still deny`);
  });

  it("nobody answers and on_timeout is deny: the reply denies, and the gate records the timeout", async () => {
    writePolicy('on_timeout: deny\nallow:\n  - Bash(npm test)\n');
    const run = runHook('claude', 'PermissionRequest', bash('make deploy'), 10);
    const gate = await pendingGate();
    const decision = claudeAnswer(await run);
    expect(decision.behavior).toBe('deny');
    // Told as a timeout, not as the person's refusal, so the model can tell the two apart.
    expect(decision.message).toContain('Timed out: nobody answered within 10 s');
    expect(decision.message).toContain('ask again later or choose another way');
    expect(decision.message).not.toContain('said No');
    expect((await session(gate.id)).decided_by).toMatchObject({ kind: 'timeout', text: 'timeout after 10 s (medium risk, on_timeout: deny)' });
  }, 30_000);

  it("routing's on_timeout for the gate's risk wins over the policy's: a gate with no risk is routed as medium", async () => {
    writePolicy('on_timeout: ask-cli\nrouting:\n  medium: { on_timeout: deny }\n');
    const run = runHook('claude', 'PermissionRequest', bash('make release'), 10);
    const gate = await pendingGate();
    const decision = claudeAnswer(await run);
    expect(decision.behavior).toBe('deny');
    expect(decision.message).toContain('Timed out: nobody answered within 10 s');
    expect((await session(gate.id)).decided_by).toMatchObject({ kind: 'timeout', text: 'timeout after 10 s (medium risk, on_timeout: deny)' });
  }, 30_000);
});
