// The real CLIs run headless as MCP clients (README snippet): `gemini -p` and `qwen -p` ask, poll past the loop
// detector's threshold and get a person's answer before they exit; a headless run of any of the four that ends
// while the question is pending (a model that does not poll) leaves it open in the hub until its timeout, marked
// as having lost its agent (its `gatehouse mcp` told the hub as it ended); `claude -p` and
// `codex exec` with interface "auto" refuse gatehouse's form faster than a person could and the question falls
// back to the web portal.
import { afterEach, describe, expect, it } from 'vitest';
import type { ScriptStep } from '../support/model-standins/script.js';
import type { AgentCli } from '../support/model-standins/agent-setups.js';
import { skipUnlessInstalled } from '../support/agent-hook-run.js';
import { finalResult, findResult, pollQuickly, pollsMade, QUESTION, resultJson, submitted } from './mcp-client-run.js';
import { startHeadless, type HeadlessRun } from './headless-run.js';
import { recordTestedWith } from './tested-with.js';

let run: HeadlessRun | null = null;
afterEach(async () => {
  await run?.close();
  run = null;
});

/** Waits until the hub marks the session's asking agent as gone (the CLI's `gatehouse mcp` told it); its time. */
async function agentGone(headless: HeadlessRun, id: string): Promise<string> {
  for (;;) {
    const { session } = await headless.hub.client.request<{ session: { agent_gone_at?: string | null } }>('GET', `/api/sessions/${id}`);
    if (session.agent_gone_at) return session.agent_gone_at;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The model stops after the start answer: the CLI exits with the question pending; the hub hears its agent left. */
async function exitsWhilePending(cli: AgentCli): Promise<void> {
  recordTestedWith(cli, 'mcp-client');
  // The model stops after the start answer (as a model that does not poll would): the turn ends, the CLI exits.
  run = await startHeadless(cli, [{ tool: 'provide_choice', args: QUESTION }, { text: 'I asked; the answer is pending.' }]);
  const { code, stdout, stderr } = await run.exited;
  expect(code, stderr).toBe(0);
  expect(stdout).toContain('I asked; the answer is pending.');
  // Nothing closes it: it stays open in the portal until its own timeout, and a person's answer is still
  // taken (and kept in history) though no agent is left to read it. The CLI's exit ended its `gatehouse mcp`,
  // which told the hub: the question says its agent is gone.
  const question = await run.question();
  expect(question.status).toBe('pending');
  const gone = await agentGone(run, question.id);
  const { session } = await run.hub.client.request<{ session: { status: string; agent_gone_at: string | null } }>('POST', `/api/sessions/${question.id}/submit`, { selected_ids: ['pg'], interface: 'web' });
  expect(session).toEqual(expect.objectContaining({ status: 'submitted', agent_gone_at: gone }));
}

/** More polls than Gemini CLI's loop detector lets through when they are identical (it stops the 5th). */
const POLLS_BEFORE_ANSWER = 6;

for (const { cli, name } of [{ cli: 'gemini', name: 'Gemini CLI' }, { cli: 'qwen', name: 'Qwen Code' }] as const) {
  describe.skipIf(skipUnlessInstalled(cli))(`${name} -p (headless) as an MCP client`, () => {
    it("asks, keeps polling, gets the person's answer and only then exits", { timeout: 240_000 }, async () => {
      recordTestedWith(cli, 'mcp-client');
      run = await startHeadless(cli, [{ tool: 'provide_choice', args: QUESTION }, ...Array<ScriptStep>(40).fill(pollQuickly)]);
      const question = await run.question();
      const headless = run;
      await run.whileRunning(run.standin.waitFor(() => pollsMade(headless).length >= POLLS_BEFORE_ANSWER, `${POLLS_BEFORE_ANSWER} polls were answered pending`, 180_000));
      await run.hub.client.request('POST', `/api/sessions/${question.id}/submit`, { selected_ids: ['pg'], interface: 'web' });
      const { code, stdout, stderr } = await run.exited;
      expect({ code, stderr: stderr.includes('loop') ? stderr : '' }).toEqual({ code: 0, stderr: '' });
      expect(stdout).toContain('The person chose PostgreSQL.');
      expect(await finalResult(run)).toEqual(submitted(question.id, { id: 'pg', label: 'PostgreSQL' }, 'web'));
    });

    it('exits while the question is pending: the question stays open for the person, saying its agent is gone', { timeout: 240_000 }, () => exitsWhilePending(cli));
  });
}

for (const { cli, name } of [{ cli: 'claude', name: 'Claude Code -p' }, { cli: 'codex', name: 'codex exec' }] as const) {
  describe.skipIf(skipUnlessInstalled(cli))(`${name} with interface "auto"`, () => {
    it('refuses the form faster than a person could: the question falls back to the portal and notices say why', { timeout: 240_000 }, async () => {
      recordTestedWith(cli, 'mcp-client');
      run = await startHeadless(cli, [{ tool: 'provide_choice', args: { ...QUESTION, interface: 'auto' } }, ...Array<ScriptStep>(40).fill(pollQuickly)]);
      const started = await run.whileRunning(run.standin.waitFor((r) => r.conversation && r.toolResults.some((t) => findResult(t.output)), 'the start answer reached the model'));
      const start = resultJson(started.toolResults[0]);
      expect(start.status).toBe('pending');
      expect(start.notices?.join(' ')).toContain('before anyone could have read it');
      const question = await run.question();
      expect({ status: question.status, interface: question.interface }).toEqual({ status: 'pending', interface: 'web' });
      await run.hub.client.request('POST', `/api/sessions/${question.id}/submit`, { selected_ids: ['lite'], interface: 'web' });
      const { code, stdout, stderr } = await run.exited;
      expect(code, stderr).toBe(0);
      expect(stdout).toContain('The person chose SQLite.');
      expect(await finalResult(run)).toEqual(submitted(question.id, { id: 'lite', label: 'SQLite' }, 'web'));
    });

    it('exits while the question is pending: the question stays open for the person, saying its agent is gone', { timeout: 240_000 }, () => exitsWhilePending(cli));
  });
}
