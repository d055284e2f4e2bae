// Codex 0.169.0: does the person's ~/.codex config or a project's .codex/ override the hooks gatehouse puts in a
// task's own CODEX_HOME? Yes — `[features] hooks = false` (old name `codex_hooks`) in either turns every hook off.
// The first test pins that with the real CLI run by hand (its hook is never asked; Codex's own dialog asks). Under
// `gatehouse run`, before this guard, such a task hung RUNNING: on Codex's own dialog (its OSC 7501 said
// blocked, the screen was not surfaced) or, with the project's .codex/, waiting for a "Hooks need review" screen
// that never came. Now the launch reads the setting (server/agents/codex/settings-guard.ts) and the task fails at once,
// naming it and its file. (Codex never runs in a no-ask mode under gatehouse, so no command ran in either case.)
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COMMAND, hookCommandLine, PROMPT, skipUnlessInstalled, startHookRun, type HookRun } from '../support/agent-hook-run.js';
import { recordTestedWith } from './tested-with.js';
import { startOrchestratedAgent, type OrchestratedAgent } from '../support/orchestrated-agent.js';
import type { AgentLaunch } from '../support/model-standins/agent-setups.js';

let run: OrchestratedAgent | null = null;
let byHand: HookRun | null = null;
afterEach(async () => {
  await run?.close();
  await byHand?.close();
  run = null;
  byHand = null;
});

const HOOKS_OFF = '\n[features]\nhooks = false\n';

describe.skipIf(skipUnlessInstalled('codex'))("Codex: a person's or a project's features.hooks = false", { timeout: 180_000 }, () => {
  it('the real CLI honours it: with gatehouse’s hook in hooks.json, the hook is never asked and Codex’s own dialog asks', async () => {
    byHand = await startHookRun('codex', {
      hub: true,
      configure: (launch) => {
        const hooks = { PermissionRequest: [{ matcher: '*', hooks: [{ type: 'command', command: hookCommandLine('codex', 'PermissionRequest'), timeout: 90 }] }] };
        writeFileSync(join(launch.env.CODEX_HOME, 'hooks.json'), JSON.stringify({ hooks }, null, 2));
        appendFileSync(join(launch.env.CODEX_HOME, 'config.toml'), HOOKS_OFF);
        launch.args.push('--dangerously-bypass-hook-trust');
      },
    });
    await byHand.cli.waitFor('Ask Codex to do anything');
    await byHand.cli.submit(PROMPT);
    await byHand.cli.waitFor('Would you like to run the following command?');
    expect(byHand.cli.screen().join('\n')).toContain(`$ ${COMMAND}`);
    const { interactions } = await byHand.hub!.client.request<{ interactions: unknown[] }>('GET', '/api/interactions?filter=active');
    expect(interactions).toEqual([]);
    expect(existsSync(byHand.madeFile)).toBe(false);
  });

  it("in the person's config.toml: the task fails before start, naming the setting and the file", async () => {
    recordTestedWith('codex', 'orchestrator', { covers: 'settings that would bypass its hooks: refused or overridden, naming the file' });
    run = await startOrchestratedAgent('codex', { autoApprove: false, configure: (l: AgentLaunch) => appendFileSync(join(l.env.CODEX_HOME, 'config.toml'), HOOKS_OFF) });
    const failed = await run.until((t) => t.status === 'FAILED', 'the task failed');
    expect(failed.error).toMatch(/^could not wire codex's hooks: gatehouse's hooks would not run in Codex: features\.hooks false in .*\/home\/\.codex\/config\.toml\. /);
    expect(failed.pid).toBeNull();
    expect(run.standin.requests).toEqual([]);
  });

  it("in the project's .codex/config.toml: the task fails before start, naming it", async () => {
    recordTestedWith('codex', 'orchestrator', { covers: 'settings that would bypass its hooks: refused or overridden, naming the file' });
    run = await startOrchestratedAgent('codex', {
      autoApprove: false,
      configure: (l: AgentLaunch) => {
        mkdirSync(join(l.cwd, '.codex'));
        writeFileSync(join(l.cwd, '.codex/config.toml'), 'model = "standin-model"\n[features]\ncodex_hooks = false # the old name\n');
      },
    });
    const failed = await run.until((t) => t.status === 'FAILED', 'the task failed');
    expect(failed.error).toMatch(/gatehouse's hooks would not run in Codex: features\.hooks false in .*\/proj\/\.codex\/config\.toml\. /);
  });
});
