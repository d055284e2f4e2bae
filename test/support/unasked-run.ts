// What the settings guard (server/agents/<cli>/settings-guard.ts) guards against, shown with a real CLI run by hand:
// gatehouse's hook installed as a person would, a setting of theirs or the project's in place, and the stand-in's
// command runs with no question ever reaching the hub. If a CLI release stops honouring the setting, this fails and
// the guard's reading of it is stale.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { installedByHand, PROMPT, startHookRun, toolResultSeen } from './agent-hook-run.js';
import type { AgentCli, AgentLaunch } from './model-standins/agent-setups.js';

export async function expectRunsUnasked(cli: AgentCli, setting: (launch: AgentLaunch) => void): Promise<void> {
  const run = await startHookRun(cli, {
    hub: true,
    configure: (launch) => {
      installedByHand(cli)(launch);
      setting(launch);
    },
  });
  try {
    await run.cli.waitFor('Type your message');
    // Typed once the start-up screen is still (an Enter typed while the CLI still starts can be dropped under load).
    await run.cli.settle(1000);
    await run.cli.submit(PROMPT);
    await toolResultSeen(run);
    expect(readFileSync(run.madeFile, 'utf8')).toBe('hello-from-standin\n');
    const { interactions } = await run.hub!.client.request<{ interactions: unknown[] }>('GET', '/api/interactions?filter=active');
    expect(interactions).toEqual([]);
  } finally {
    await run.close();
  }
}
