// Gemini CLI 0.61.0 run by hand after `gatehouse hooks install gemini` (its BeforeTool hook merged into the
// person's own ~/.gemini/settings.json), against its model stand-in and a real hub. What its hook can do:
// refuse a tool call (the model is told why) and hand it to Gemini's own dialog ("ask"); it cannot allow one —
// Gemini's policy still decides after an "allow", so in the default approval mode a person's Yes in gatehouse
// is followed by Gemini's own dialog in the terminal. (Under `gatehouse run` Gemini runs with
// --approval-mode yolo and the hook is the gate: see orchestrated-hooks.test.ts.)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

/** Installs the hook exactly as a person would, into the run's HOME (Gemini's own settings file). */
function installHook(launch: AgentLaunch) {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: launch.home, GATEHOUSE_HOME: launch.env.GATEHOUSE_HOME };
  delete env.GEMINI_CLI_HOME;
  execFileSync(process.execPath, [cliLauncher, 'hooks', 'install', 'gemini', '--yes', '--wait', '60'], { env });
}

const READY = 'Type your message';
const DIALOG = 'Allow execution of';

describe.skipIf(skipUnlessInstalled('gemini'))('Gemini CLI BeforeTool hook → gatehouse (run by hand after hooks install)', () => {
  beforeEach(() => recordTestedWith('gemini', 'hooks'));

  it("a person's No: nothing runs, and the model is told why", async () => {
    run = await startHookRun('gemini', { hub: true, configure: installHook });
    await run.cli.waitFor(READY);
    await run.cli.submit(PROMPT);
    const question = await run.pendingQuestion();
    expect(question.request.title).toBe('Gemini CLI: allow run_shell_command?');
    expect(question.request.prompt).toContain(COMMAND);
    await run.answer(question.id, 'no');
    const seen = await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(seen.toolResults[0].output).toContain('The person said No through gatehouse. Do not run it; ask them what to do instead.');
    expect(fileExists(run.madeFile)).toBe(false);
    expect(run.cli.screen().join('\n')).not.toContain(DIALOG);
  });

  it("a person's Yes cannot grant it: Gemini's own dialog still asks (its hook has no allow), then Allow once runs it once", async () => {
    run = await startHookRun('gemini', { hub: true, configure: installHook });
    await run.cli.waitFor(READY);
    await run.cli.submit(PROMPT);
    const question = await run.pendingQuestion();
    await run.answer(question.id, 'yes');
    await run.cli.waitFor(DIALOG);
    expect(fileExists(run.madeFile)).toBe(false);
    await run.cli.settle();
    run.cli.write('\r'); // "Allow once", highlighted
    await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(readFileSync(run.madeFile, 'utf8')).toBe('hello-from-standin\n');
    // "Allow once" saves no rule: the person's settings hold the seeded auth and the installed hook, nothing else.
    const settings = JSON.parse(readFileSync(join(run.launch.home, '.gemini/settings.json'), 'utf8'));
    expect(Object.keys(settings).sort()).toEqual(['hooks', 'security']);
    expect(run.standin.toolResultsSeen()).toHaveLength(1);
  });

  it("hub down: the hook answers ask and Gemini's own dialog asks", async () => {
    run = await startHookRun('gemini', { hub: false, configure: installHook });
    await run.cli.waitFor(READY);
    await run.cli.submit(PROMPT);
    await run.cli.waitFor(DIALOG);
    expect(fileExists(run.madeFile)).toBe(false);
    expect(run.standin.toolResultsSeen()).toEqual([]);
    await run.cli.settle();
    run.cli.write('\r');
    await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(fileExists(run.madeFile)).toBe(true);
  });
});
