// Codex 0.169.0 with gatehouse's PermissionRequest hook in $CODEX_HOME/hooks.json (the run's own config dir, as
// the orchestrator does) and --dangerously-bypass-hook-trust for the run, against its stand-in and a real hub.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordTestedWith } from './tested-with.js';
import { readPermissionLog } from '../../server/policy/permission-log.js';
import { COMMAND, fileExists, hookCommandLine, PROMPT, skipUnlessInstalled, startHookRun, type HookRun } from '../support/agent-hook-run.js';

let run: HookRun | null = null;
afterEach(async () => {
  await run?.close();
  run = null;
});

function withHooksJson(launch: { env: Record<string, string>; args: string[] }) {
  const hooks = { PermissionRequest: [{ matcher: '*', hooks: [{ type: 'command', command: hookCommandLine('codex', 'PermissionRequest'), timeout: 90 }] }] };
  writeFileSync(join(launch.env.CODEX_HOME, 'hooks.json'), JSON.stringify({ hooks }, null, 2));
  launch.args.push('--dangerously-bypass-hook-trust');
}

describe.skipIf(skipUnlessInstalled('codex'))('Codex permission hook → gatehouse', () => {
  beforeEach(() => recordTestedWith('codex', 'hooks'));
  it("a person's No: nothing runs, and the model is told why", async () => {
    run = await startHookRun('codex', { hub: true, configure: withHooksJson });
    await run.cli.waitFor('Ask Codex to do anything');
    await run.cli.submit(PROMPT);
    const question = await run.pendingQuestion();
    expect(question.request.title).toBe('Codex: allow Bash?');
    expect(question.request.prompt).toContain(COMMAND);
    expect(question.request.prompt).toContain('Reason given: The script asks for this command');
    await run.answer(question.id, 'no');
    const seen = await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(seen.toolResults[0].output).toContain('The person said No through gatehouse');
    expect(fileExists(run.madeFile)).toBe(false);
  });

  it("a person's Yes: the command runs once and no allow rule is saved", async () => {
    run = await startHookRun('codex', { hub: true, configure: withHooksJson });
    await run.cli.waitFor('Ask Codex to do anything');
    await run.cli.submit(PROMPT);
    const question = await run.pendingQuestion();
    await run.answer(question.id, 'yes');
    await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(readFileSync(run.madeFile, 'utf8')).toBe('hello-from-standin\n');
    await run.cli.waitFor('All done.');
    // "Yes, and don't ask again" would have written a prefix rule into $CODEX_HOME/rules/ or config.toml.
    expect(fileExists(join(run.launch.env.CODEX_HOME, 'rules/default.rules'))).toBe(false);
    expect(readFileSync(join(run.launch.env.CODEX_HOME, 'config.toml'), 'utf8')).not.toContain('echo hello-from-standin');
  });

  it('an allow rule in the policy: the command runs with no gate, and the record names the rule', async () => {
    run = await startHookRun('codex', { hub: true, configure: withHooksJson });
    const policy = join(run.hub!.home, 'policy.yaml');
    writeFileSync(policy, 'allow:\n  - Bash(echo hello-from-standin)\n  - Edit(./made.txt)\n');
    await run.cli.waitFor('Ask Codex to do anything');
    await run.cli.submit(PROMPT);
    await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(readFileSync(run.madeFile, 'utf8')).toBe('hello-from-standin\n');
    const { interactions } = await run.hub!.client.request<{ interactions: Array<{ kind: string }> }>('GET', '/api/interactions?filter=all');
    expect(interactions.filter((i) => i.kind === 'choice')).toEqual([]);
    const { records } = await readPermissionLog(join(run.hub!.home, 'permissions.jsonl'));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ agent: 'codex', tool: 'Bash', decision: 'allow', gate: null, decided_by: { kind: 'rule', rule: 'Bash(echo hello-from-standin)', file: policy, line: 2 } });
  });

  it('a deny rule in the policy: nothing runs and the model is told the rule, its file and line', async () => {
    run = await startHookRun('codex', { hub: true, configure: withHooksJson });
    const policy = join(run.hub!.home, 'policy.yaml');
    writeFileSync(policy, 'deny:\n  - Bash(echo:*)\n');
    await run.cli.waitFor('Ask Codex to do anything');
    await run.cli.submit(PROMPT);
    const seen = await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(seen.toolResults[0].output).toContain(`rule Bash(echo:*) (deny) in ${policy} line 2`);
    expect(fileExists(run.madeFile)).toBe(false);
  });

  it("Codex's hook input carries its session id: the gate offers \"this session\", and picking it records the grant", async () => {
    run = await startHookRun('codex', { hub: true, configure: withHooksJson });
    await run.cli.waitFor('Ask Codex to do anything');
    await run.cli.submit(PROMPT);
    const question = await run.pendingQuestion();
    expect(question.request.options.map((o) => o.id)).toEqual(['yes', 'session', 'always', 'no', 'never']);
    await run.answer(question.id, 'session');
    await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(readFileSync(run.madeFile, 'utf8')).toBe('hello-from-standin\n');
    const { records } = await readPermissionLog(join(run.hub!.home, 'permissions.jsonl'));
    expect(records[0]).toMatchObject({ agent: 'codex', decision: 'allow', gate: question.id, decided_by: { kind: 'person', option: 'session' } });
    expect(records[0].agent_session).toMatch(/\S/);
  });

  it("hub down: the hook stays quiet and Codex's own approval dialog asks", async () => {
    run = await startHookRun('codex', { hub: false, configure: withHooksJson });
    await run.cli.waitFor('Ask Codex to do anything');
    await run.cli.submit(PROMPT);
    await run.cli.waitFor('Would you like to run the following command?');
    expect(fileExists(run.madeFile)).toBe(false);
    // Codex drops an Enter that arrives while it is still drawing the dialog: wait for the screen to be still.
    await run.cli.settle();
    run.cli.write('\r');
    await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(fileExists(run.madeFile)).toBe(true);
  });
});
