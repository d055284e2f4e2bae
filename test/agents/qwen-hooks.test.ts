// Qwen Code 0.15.10 run by hand after `gatehouse hooks install qwen` (its Claude-compatible PermissionRequest
// hook merged into the person's own ~/.qwen/settings.json), against its model stand-in and a real hub.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordTestedWith } from './tested-with.js';
import { cliLauncher } from '../../server/package-info.js';
import { COMMAND, fileExists, PROMPT, skipUnlessInstalled, startHookRun, type HookRun } from '../support/agent-hook-run.js';
import type { AgentLaunch } from '../support/model-standins/agent-setups.js';

let run: HookRun | null = null;
afterEach(async () => {
  await run?.close();
  run = null;
});

/** Installs the hook exactly as a person would, into the run's HOME (Qwen Code's own settings file). */
function installHook(launch: AgentLaunch) {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: launch.home, GATEHOUSE_HOME: launch.env.GATEHOUSE_HOME };
  delete env.QWEN_HOME;
  execFileSync(process.execPath, [cliLauncher, 'hooks', 'install', 'qwen', '--yes', '--wait', '60'], { env });
}

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
    run = await startHookRun('qwen', { hub: true, configure: installHook });
    await run.cli.waitFor(READY);
    await run.cli.submit(PROMPT);
    const question = await run.pendingQuestion();
    expect(question.request.title).toBe('Qwen Code: allow run_shell_command?');
    expect(question.request.prompt).toContain(COMMAND);
    await run.answer(question.id, 'no');
    const seen = await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(seen.toolResults[0].output).toContain('The person said No through gatehouse. Do not run it; ask them what to do instead.');
    expect(fileExists(run.madeFile)).toBe(false);
  });

  it("a person's Yes: the command runs once and no allow rule is saved", async () => {
    run = await startHookRun('qwen', { hub: true, configure: installHook });
    await run.cli.waitFor(READY);
    await run.cli.submit(PROMPT);
    const question = await run.pendingQuestion();
    await run.answer(question.id, 'yes');
    await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(readFileSync(run.madeFile, 'utf8')).toBe('hello-from-standin\n');
    await run.cli.waitFor('All done.');
    expect(run.standin.toolResultsSeen()).toHaveLength(1);
    expect(savedAllowRules(run.launch)).toEqual([]);
  });

  it("hub down: the hook stays quiet and Qwen Code's own dialog asks", async () => {
    run = await startHookRun('qwen', { hub: false, configure: installHook });
    await run.cli.waitFor(READY);
    await run.cli.submit(PROMPT);
    await run.cli.waitFor(DIALOG);
    expect(fileExists(run.madeFile)).toBe(false);
    expect(run.standin.toolResultsSeen()).toEqual([]);
    await run.cli.settle();
    run.cli.write('\r'); // "Yes, allow once", highlighted
    await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(fileExists(run.madeFile)).toBe(true);
  });
});
