// A person who registered gatehouse with their CLI as the README says, then runs that CLI as a task of
// `gatehouse run`: the CLI starts its MCP servers (`gatehouse mcp` among them) while the task starts — Gemini CLI
// draws its input box before they are connected and loses an Enter typed then — and the task's prompt must still
// reach the model, the task ending DONE, not waiting forever or DONE before the turn.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hookAgent } from '../../server/agents/hook-agents.js';
import { skipUnlessInstalled } from '../support/agent-hook-run.js';
import { AGENT_CLIS } from '../support/model-standins/agent-setups.js';
import { startOrchestratedAgent, type OrchestratedAgent } from '../support/orchestrated-agent.js';
import { registerAsReadmeSays } from './readme-snippets.js';
import { recordTestedWith } from './tested-with.js';

let run: OrchestratedAgent | null = null;
afterEach(async () => {
  await run?.close();
  run = null;
});

for (const cli of AGENT_CLIS) {
  const { name, turnEndEvent } = hookAgent(cli);
  describe.skipIf(skipUnlessInstalled(cli))(`${name} under gatehouse run, gatehouse registered as its MCP server (README snippet)`, () => {
    beforeEach(() => recordTestedWith(cli, 'orchestrator', { covers: 'its idle prompt (the task’s prompt typed once ready), with gatehouse as its MCP server' }));

    // Gemini CLI 0.61: before the orchestrator held typing until Gemini's SessionStart hook ran (it fires once
    // Gemini's config has initialised), about 1 run in 8 lost the Enter and the prompt stayed in the box while
    // the task waited for a person; 14 runs of 14 passed after.
    it("the task's prompt reaches the model once the CLI is ready, and its turn end makes the task DONE", { timeout: 240_000 }, async () => {
      run = await startOrchestratedAgent(cli, { autoApprove: true, configure: registerAsReadmeSays });
      const done = await run.until((t) => t.status === 'DONE', 'the task is done', 90_000);
      // The prompt was submitted, not left in the input box: the model's turn ran its command, once.
      expect(readFileSync(run.madeFile, 'utf8')).toBe('hello-from-standin\n');
      expect(run.standin.toolResultsSeen()).toHaveLength(1);
      expect(done.explain!.at(-1)).toMatch(new RegExp(`DONE ← ${name} ${turnEndEvent} hook$`));
    });
  });
}
