// A CLI that refuses to start under `gatehouse run` fails its task with the CLI's own words (the tail of its
// screen), not only "exited with code N": here Codex 0.169, given the --full-auto flag it no longer has.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WorkflowSessionState } from '../../server/orchestrator/task/task-types.js';
import { skipUnlessInstalled } from '../support/agent-hook-run.js';
import { prepareAgent, type AgentLaunch } from '../support/model-standins/agent-setups.js';
import { makeTempHome, startTestHub, type TestHub } from '../support/test-hub.js';
import { recordTestedWith } from './tested-with.js';

let hub: TestHub | null = null;
let launch: AgentLaunch | null = null;
afterEach(async () => {
  await hub?.stop();
  launch?.dispose();
  hub = null;
  launch = null;
});

describe.skipIf(skipUnlessInstalled('codex'))('a CLI that refuses to start', () => {
  beforeEach(() => recordTestedWith('codex', 'orchestrator', { covers: 'a failed start in its own words' }));

  it("fails the task with the CLI's own words", async () => {
    launch = prepareAgent('codex', 'http://127.0.0.1:9', { seed: 'ready' });
    const home = await makeTempHome('gatehouse-orch-startfail-');
    writeFileSync(join(home, 'adapters.yaml'), `adapters:\n  codex:\n    command: ${JSON.stringify(launch.command)}\n`);
    hub = await startTestHub({ home });
    const task = { name: 'agent', adapter: 'codex', args: ['--full-auto'], env: launch.env };
    const { session } = await hub.client.request<{ session: WorkflowSessionState }>('POST', '/api/workflows', { workflow: { stages: [{ tasks: [task] }] }, cwd: launch.cwd });
    const ended = await hub.client.request<{ session: WorkflowSessionState }>('GET', `/api/workflows/${session.id}/wait?seconds=50&since=never`);
    let state = ended.session;
    while (state.status !== 'FAILED' && state.status !== 'DONE') {
      state = (await hub.client.request<{ session: WorkflowSessionState }>('GET', `/api/workflows/${session.id}/wait?seconds=50&since=${encodeURIComponent(state.updatedAt)}`)).session;
    }
    const error = state.tasks[0].error!;
    expect(error).toMatch(/^exited with code 2; its screen ended with:\n/);
    expect(error).toContain("unexpected argument '--full-auto'");
    expect(state.tasks[0].explain!.at(-1)).toMatch(/FAILED ← process exited with code 2$/);
  });
});
