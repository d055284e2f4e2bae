// Qwen Code 0.15.10 run by hand after `gatehouse hooks install qwen` (its Claude-compatible PermissionRequest
// hook merged into the person's own ~/.qwen/settings.json), against its model stand-in and a real hub.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordTestedWith } from './tested-with.js';
import { askThroughHook, COMMAND, fileExists, installedByHand, PROMPT, skipUnlessInstalled, startHookRun, toolResultSeen, type HookRun } from '../support/agent-hook-run.js';
import type { AgentLaunch } from '../support/model-standins/agent-setups.js';

let run: HookRun | null = null;
afterEach(async () => {
  await run?.close();
  run = null;
});


/** Allow rules Qwen Code could have saved ("Always allow … in this project / for this user"). */
function savedAllowRules(launch: AgentLaunch): unknown[] {
  const rules: unknown[] = [];
  for (const file of [join(launch.home, '.qwen/settings.json'), join(launch.cwd, '.qwen/settings.json')]) {
    if (!existsSync(file)) continue;
    const settings = JSON.parse(readFileSync(file, 'utf8'));
    rules.push(...(settings.permissions?.allow ?? []), ...(settings.tools?.allowed ?? []));
  }
  return rules;
}

const READY = 'Type your message';
const DIALOG = 'Allow execution of';

describe.skipIf(skipUnlessInstalled('qwen'))('Qwen Code PermissionRequest hook → gatehouse (run by hand after hooks install)', () => {
  beforeEach(() => recordTestedWith('qwen', 'hooks'));

  it("a person's No: nothing runs, and the model is told why", async () => {
    run = await startHookRun('qwen', { hub: true, configure: installedByHand('qwen') });
    const question = await askThroughHook(run, READY);
    expect(question.request.title).toBe('Qwen Code: allow run_shell_command?');
    expect(question.request.prompt).toContain(COMMAND);
    // Qwen Code's hook input carries its session id: "this session" is offered (Bash rules cover its shell tool).
    expect(question.request.options.map((o) => o.id)).toEqual(['yes', 'session', 'always', 'no', 'never']);
    await run.answer(question.id, 'no');
    expect((await toolResultSeen(run)).output).toContain('The person said No through gatehouse. Do not run it; ask them what to do instead.');
    expect(fileExists(run.madeFile)).toBe(false);
  });

  it("a person's Yes: the command runs once and no allow rule is saved", async () => {
    run = await startHookRun('qwen', { hub: true, configure: installedByHand('qwen') });
    const question = await askThroughHook(run, READY);
    await run.answer(question.id, 'yes');
    await toolResultSeen(run);
    expect(readFileSync(run.madeFile, 'utf8')).toBe('hello-from-standin\n');
    await run.cli.waitFor('All done.');
    expect(run.standin.toolResultsSeen()).toHaveLength(1);
    expect(savedAllowRules(run.launch)).toEqual([]);
  });

  it("hub down: the hook stays quiet and Qwen Code's own dialog asks", async () => {
    run = await startHookRun('qwen', { hub: false, configure: installedByHand('qwen') });
    await run.cli.waitFor(READY);
    await run.cli.submit(PROMPT);
    await run.cli.waitFor(DIALOG);
    expect(fileExists(run.madeFile)).toBe(false);
    expect(run.standin.toolResultsSeen()).toEqual([]);
    await run.cli.settle();
    run.cli.write('\r'); // "Yes, allow once", highlighted
    await toolResultSeen(run);
    expect(fileExists(run.madeFile)).toBe(true);
  });
});
