// Claude Code 2.1.197 with gatehouse's PermissionRequest hook (loaded for the run with --settings, as the
// orchestrator does; the user's own settings untouched), against its model stand-in and a real hub.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordTestedWith } from './tested-with.js';
import { COMMAND, fileExists, hookCommandLine, PROMPT, skipUnlessInstalled, startHookRun, type HookRun } from '../support/agent-hook-run.js';

let run: HookRun | null = null;
afterEach(async () => {
  await run?.close();
  run = null;
});

function withHookSettings(launch: { cwd: string; home: string; args: string[] }) {
  const file = join(launch.home, 'gatehouse-hook-settings.json');
  const hooks = { PermissionRequest: [{ matcher: '*', hooks: [{ type: 'command', command: hookCommandLine('claude', 'PermissionRequest'), timeout: 90 }] }] };
  writeFileSync(file, JSON.stringify({ hooks }, null, 2));
  launch.args.push('--settings', file);
}

/** Every settings file Claude Code could have written an allow rule into. */
function savedAllowRules(launch: { cwd: string; home: string }): string[] {
  const files = [join(launch.home, '.claude/settings.json'), join(launch.cwd, '.claude/settings.local.json'), join(launch.cwd, '.claude/settings.json')];
  const rules: string[] = [];
  for (const f of files) if (fileExists(f)) rules.push(...(JSON.parse(readFileSync(f, 'utf8')).permissions?.allow ?? []));
  const projects = JSON.parse(readFileSync(join(launch.home, '.claude.json'), 'utf8')).projects ?? {};
  for (const p of Object.values<any>(projects)) rules.push(...(p.allowedTools ?? []));
  return rules;
}

describe.skipIf(skipUnlessInstalled('claude'))('Claude Code permission hook → gatehouse', () => {
  beforeEach(() => recordTestedWith('claude', 'hooks'));
  it("a person's No: nothing runs, and the model is told why", async () => {
    run = await startHookRun('claude', { hub: true, configure: withHookSettings });
    await run.cli.waitFor('? for shortcuts');
    await run.cli.submit(PROMPT);
    const question = await run.pendingQuestion();
    expect(question.request.title).toBe('Claude Code: allow Bash?');
    expect(question.request.prompt).toContain(COMMAND);
    // No policy file: no rule decides, so the person is asked, with the grants beyond "once".
    expect(question.request.options.map((o) => o.label)).toEqual([
      'Yes, allow this once',
      'Yes, for the rest of this session',
      // The command writes made.txt (> made.txt): an allow of the command alone would not cover the write.
      'Yes, and always allow Bash(echo hello-from-standin), Edit(./made.txt)',
      'No',
      'No, and never allow Bash(echo hello-from-standin), Edit(./made.txt)',
    ]);
    await run.answer(question.id, 'no');
    const seen = await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(seen.toolResults[0]).toMatchObject({ isError: true });
    expect(seen.toolResults[0].output).toContain('The person said No through gatehouse. Do not run it; ask them what to do instead.');
    expect(fileExists(run.madeFile)).toBe(false);
  });

  it("a person's Yes: the command runs once and no allow rule is saved", async () => {
    run = await startHookRun('claude', { hub: true, configure: withHookSettings });
    await run.cli.waitFor('? for shortcuts');
    await run.cli.submit(PROMPT);
    const question = await run.pendingQuestion();
    await run.answer(question.id, 'yes');
    const seen = await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(seen.toolResults[0].isError).toBe(false);
    expect(readFileSync(run.madeFile, 'utf8')).toBe('hello-from-standin\n');
    await run.cli.waitFor('All done.');
    expect(savedAllowRules(run.launch)).toEqual([]);
  });

  it('an allow rule in the policy: the command runs with no gate', async () => {
    run = await startHookRun('claude', { hub: true, configure: withHookSettings });
    writeFileSync(join(run.hub!.home, 'policy.yaml'), 'allow:\n  - Bash(echo hello-from-standin)\n  - Edit(./made.txt)\n');
    await run.cli.waitFor('? for shortcuts');
    await run.cli.submit(PROMPT);
    const seen = await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(seen.toolResults[0].isError).toBe(false);
    expect(readFileSync(run.madeFile, 'utf8')).toBe('hello-from-standin\n');
    const { interactions } = await run.hub!.client.request<{ interactions: Array<{ kind: string }> }>('GET', '/api/interactions?filter=all');
    expect(interactions.filter((i) => i.kind === 'choice')).toEqual([]);
  });

  it('a deny rule in the policy: nothing runs and the model is told the rule, its file and line', async () => {
    run = await startHookRun('claude', { hub: true, configure: withHookSettings });
    const policy = join(run.hub!.home, 'policy.yaml');
    writeFileSync(policy, 'deny:\n  - Bash(echo:*)\n');
    await run.cli.waitFor('? for shortcuts');
    await run.cli.submit(PROMPT);
    const seen = await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(seen.toolResults[0]).toMatchObject({ isError: true });
    expect(seen.toolResults[0].output).toContain(`rule Bash(echo:*) (deny) in ${policy} line 2`);
    expect(fileExists(run.madeFile)).toBe(false);
  });

  it("hub down: the hook stays quiet and Claude Code's own dialog asks", async () => {
    run = await startHookRun('claude', { hub: false, configure: withHookSettings });
    await run.cli.waitFor('? for shortcuts');
    await run.cli.submit(PROMPT);
    await run.cli.waitFor('Do you want to proceed?');
    expect(fileExists(run.madeFile)).toBe(false);
    expect(run.standin.toolResultsSeen()).toEqual([]);
    // The dialog is live (the hook has let go): the person's Yes at the terminal runs the command.
    run.cli.write('\r');
    await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(readdirSync(run.launch.cwd)).toContain('made.txt');
  });
});
