// Gemini CLI 0.61.0 run by hand after `gatehouse hooks install gemini` (its BeforeTool hook merged into the
// person's own ~/.gemini/settings.json), against its model stand-in and a real hub. What its hook can do:
// refuse a tool call (the model is told why) and hand it to Gemini's own dialog ("ask"); it cannot allow one —
// Gemini's policy still decides after an "allow", so in the default approval mode a person's Yes in gatehouse
// is followed by Gemini's own dialog in the terminal. (Under `gatehouse run` Gemini runs with
// --approval-mode yolo and the hook is the gate: see orchestrated-hooks.test.ts.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordTestedWith } from './tested-with.js';
import { askThroughHook, COMMAND, fileExists, installedByHand, PROMPT, skipUnlessInstalled, startHookRun, toolResultSeen, type HookRun } from '../support/agent-hook-run.js';

let run: HookRun | null = null;
afterEach(async () => {
  await run?.close();
  run = null;
});


const READY = 'Type your message';
const DIALOG = 'Allow execution of';

/**
 * A person at the terminal picking Gemini's highlighted "Allow once": Enter, once the dialog is on screen with
 * "Allow once" highlighted and the screen has been still a while — Gemini drops an Enter that arrives while it
 * still hands the dialog its focus (seen 2 in 4 runs with a shorter quiet, under load).
 */
async function allowOnceAtTheTerminal(run: HookRun): Promise<void> {
  await run.cli.settle(1500);
  expect(run.cli.screen().some((row) => /● 1\. Allow once/.test(row))).toBe(true);
  run.cli.write('\r');
}

// The real Gemini CLI on a busy machine (load 10–15) takes 40–60 s and more for one of these runs: every step waits on
// an event (the screen, the stand-in's requests), and the test's timeout is only a guard against a hang.
describe.skipIf(skipUnlessInstalled('gemini'))('Gemini CLI BeforeTool hook → gatehouse (run by hand after hooks install)', { timeout: 240_000 }, () => {
  beforeEach(() => recordTestedWith('gemini', 'hooks'));

  it("a person's No: nothing runs, and the model is told why", async () => {
    run = await startHookRun('gemini', { hub: true, configure: installedByHand('gemini') });
    const question = await askThroughHook(run, READY);
    expect(question.request.title).toBe('Gemini CLI: allow run_shell_command?');
    expect(question.request.prompt).toContain(COMMAND);
    // Gemini CLI's hook input carries its session id: "this session" is offered.
    expect(question.request.options.map((o) => o.id)).toEqual(['yes', 'session', 'always', 'no', 'never']);
    await run.answer(question.id, 'no');
    expect((await toolResultSeen(run)).output).toContain('The person said No through gatehouse. Do not run it; ask them what to do instead.');
    expect(fileExists(run.madeFile)).toBe(false);
    expect(run.cli.screen().join('\n')).not.toContain(DIALOG);
  });

  it("a person's Yes cannot grant it: Gemini's own dialog still asks (its hook has no allow), then Allow once runs it once", async () => {
    run = await startHookRun('gemini', { hub: true, configure: installedByHand('gemini') });
    const question = await askThroughHook(run, READY);
    await run.answer(question.id, 'yes');
    await run.cli.waitFor(DIALOG);
    expect(fileExists(run.madeFile)).toBe(false);
    await allowOnceAtTheTerminal(run);
    await toolResultSeen(run);
    expect(readFileSync(run.madeFile, 'utf8')).toBe('hello-from-standin\n');
    // "Allow once" saves no rule: the person's settings hold the seeded auth and the installed hook, nothing else.
    const settings = JSON.parse(readFileSync(join(run.launch.home, '.gemini/settings.json'), 'utf8'));
    expect(Object.keys(settings).sort()).toEqual(['hooks', 'security']);
    expect(run.standin.toolResultsSeen()).toHaveLength(1);
  });

  it("hub down: the hook answers ask and Gemini's own dialog asks", async () => {
    run = await startHookRun('gemini', { hub: false, configure: installedByHand('gemini') });
    await run.cli.waitFor(READY);
    await run.cli.submit(PROMPT);
    await run.cli.waitFor(DIALOG);
    expect(fileExists(run.madeFile)).toBe(false);
    expect(run.standin.toolResultsSeen()).toEqual([]);
    await allowOnceAtTheTerminal(run);
    await toolResultSeen(run);
    expect(fileExists(run.madeFile)).toBe(true);
  });
});
