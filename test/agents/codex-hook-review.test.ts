// Codex 0.169.0 runs a new or changed hook only once the person trusted it: its "Hooks need review" screen,
// drawn a moment (0.5–3 s) *after* its composer — keys typed at the composer meanwhile land in the review
// menu. What gatehouse does about it, with the real CLI:
// - by hand, after `gatehouse hooks install codex`: the first start shows the review; the person trusts the
//   hook as the install message says, and from then on (trust is a hash in config.toml) Codex asks the hub;
// - under `gatehouse run` with the person's own hooks in play (no trust bypass): the review is the task's
//   question, asked before the task's prompt is typed; the person's pick goes in with verified keys.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliLauncher } from '../../server/package-info.js';
import { installedVersion, type AgentLaunch } from '../support/model-standins/agent-setups.js';
import { askAndRefuse, COMMAND, PROMPT, skipUnlessInstalled, startHookRun, type HookRun } from '../support/agent-hook-run.js';
import { startOrchestratedAgent, type OrchestratedAgent } from '../support/orchestrated-agent.js';
import { ScreenRecorder } from '../support/screen-recorder.js';
import { recordTestedWith } from './tested-with.js';

let run: HookRun | null = null;
let task: OrchestratedAgent | null = null;
afterEach(async () => {
  await run?.close();
  await task?.close();
  run = task = null;
});

const REVIEW_OPTIONS = ['1. Review hooks', '2. Trust all and continue', "3. Continue without trusting (hooks won't run)"];

/** `gatehouse hooks install codex --yes` as a person runs it, into the run's own Codex home. */
function installByHand(launch: AgentLaunch) {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: launch.home, CODEX_HOME: launch.env.CODEX_HOME, GATEHOUSE_HOME: launch.env.GATEHOUSE_HOME };
  const said = execFileSync(process.execPath, [cliLauncher, 'hooks', 'install', 'codex', '--yes'], { env }).toString();
  expect(said).toContain('on its next start it shows "Hooks need review" once; review and trust the gatehouse hook there.');
}

describe.skipIf(skipUnlessInstalled('codex'))('Codex "Hooks need review"', () => {
  it('by hand after gatehouse hooks install: the first start asks for trust; once trusted, Codex asks the hub', { timeout: 240_000 }, async () => {
    recordTestedWith('codex', 'hooks');
    run = await startHookRun('codex', { hub: true, configure: installByHand });
    await run.cli.waitFor('Hooks need review', 90_000);
    // Two: gatehouse's hook before every tool call (PreToolUse) and its permission hook.
    await run.cli.waitFor(/2 hooks are new or changed\./);
    await run.cli.waitFor(/› 1\. Review hooks/);
    await run.cli.settle();
    // The person trusts it: Down once (the highlight seen on "Trust all and continue"), then Enter.
    await run.cli.down();
    await run.cli.waitFor(/› 2\. Trust all and continue/);
    run.cli.write('\r');
    const hooksJson = join(run.launch.env.CODEX_HOME, 'hooks.json');
    const configToml = join(run.launch.env.CODEX_HOME, 'config.toml');
    // Codex records the trust as a hash of that hook, keyed by the file's path and place.
    await run.cli.waitFor('Ask Codex to do anything');
    expect(readFileSync(configToml, 'utf8')).toContain(`[hooks.state."${hooksJson}:permission_request:0:0"]\ntrusted_hash = "sha256:`);
    await run.cli.settle();
    await askAndRefuse(run);

    // The next start asks nothing: the prompt typed at the composer is the model's, and the hook asks the hub.
    run.cli.kill();
    const again = new ScreenRecorder(run.launch, installedVersion('codex')!);
    try {
      await again.waitFor('Ask Codex to do anything', 90_000);
      await again.settle();
      await again.submit(PROMPT);
      await run.standin.waitFor((r, all) => all.filter((x) => x.conversation && x.turn === 0).length >= 2, 'the second start sent the prompt to the model');
      expect(again.screen().join('\n')).not.toContain('Hooks need review');
    } finally {
      again.kill();
    }
  });

  it("under gatehouse run with the person's own hooks: the review is the task's question before its prompt is typed", { timeout: 240_000 }, async () => {
    recordTestedWith('codex', 'orchestrator', { covers: '“Hooks need review” read on screen, picked with verified keys' });
    task = await startOrchestratedAgent('codex', {
      autoApprove: false,
      // The person's own hook (not gatehouse's): gatehouse does not vouch for it, so Codex asks to review.
      configure: (launch) => writeFileSync(join(launch.env.CODEX_HOME, 'hooks.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } })),
    });
    const review = await task.until((t) => t.status === 'WAITING_FOR_USER' && (t.interaction?.screen.includes('Hooks need review') ?? false), 'the task asks the person to review hooks', 60_000);
    expect(review.interaction!.options.map((o) => o.text)).toEqual(REVIEW_OPTIONS);
    expect(review.interaction!.screen).toContain('Hooks need review');
    // The task's prompt was not typed at the composer drawn before the review (it would have moved the menu).
    expect(review.pendingInputs, review.explain!.join('\n')).toEqual([PROMPT]);
    await task.choose({ option: '2. Trust all and continue' });
    const asked = await task.until((t) => t.status === 'WAITING_FOR_USER' && (t.interaction?.prompt.includes(' wants to use ') ?? false), 'the hook asks the person');
    expect(asked.interaction!.prompt).toContain(COMMAND);
    await task.choose({ option: 'No' });
    const seen = await task.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(seen.toolResults[0].output).toContain('The person said No through gatehouse');
    expect(existsSync(task.madeFile)).toBe(false);
  });
});
