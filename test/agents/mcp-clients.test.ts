// The real agent CLIs as MCP clients of `gatehouse mcp`, registered with the README's own snippet: the model
// (stand-in) starts a choice and polls it, a person answers with `gatehouse answer`, and the test asserts the
// exact tool result the model received.
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliLauncher } from '../../server/package-info.js';
import type { AgentCli, AgentLaunch } from '../support/model-standins/agent-setups.js';
import type { ScriptStep, ToolResultSeen } from '../support/model-standins/script.js';
import { startHookRun, skipUnlessInstalled, type HookRun } from '../support/agent-hook-run.js';

let run: HookRun | null = null;
afterEach(async () => {
  await run?.close();
  run = null;
});

const QUESTION = { prompt: 'Which database should the orders service use?', options: [{ id: 'pg', label: 'PostgreSQL' }, { id: 'lite', label: 'SQLite' }], interface: 'web' };

/** The JSON a provide_choice tool result carries (CLIs hand the model the text content). */
function resultJson(seen: ToolResultSeen): any {
  const text = seen.output.slice(seen.output.indexOf('{'), seen.output.lastIndexOf('}') + 1);
  return JSON.parse(text);
}

const script: ScriptStep[] = [
  { tool: 'provide_choice', args: QUESTION },
  (seen) => ({ tool: 'provide_choice', args: resultJson(seen[0]).next_call ?? { session_id: resultJson(seen[0]).session_id, poll: 1 } }),
  (seen) => {
    const r = resultJson(seen[0]);
    return r.status === 'pending' ? { tool: 'provide_choice', args: { ...r.next_call, wait_seconds: 50 } } : { text: `The person chose ${r.selected?.[0]?.label}.` };
  },
];

/** README: `claude mcp add --scope user gatehouse -e CHOICE_LANG=en -- node /path/to/gatehouse/bin/gatehouse.js mcp`. */
function registerClaude(launch: AgentLaunch) {
  execFileSync(launch.command, ['mcp', 'add', '--scope', 'user', 'gatehouse', '-e', 'CHOICE_LANG=en', '--', 'node', cliLauncher, 'mcp'], { env: launch.env, cwd: launch.cwd });
}

/** README: `[mcp_servers.gatehouse]` with command "node", args [gatehouse.js, "mcp"], env CHOICE_LANG, in config.toml. */
function registerCodex(launch: AgentLaunch) {
  // Codex hands an MCP server only a few variables of its own environment, so the test's GATEHOUSE_HOME goes
  // into the snippet's env (with the default data directory, as in the README, nothing needs to be added).
  const env = `env = { CHOICE_LANG = "en", GATEHOUSE_HOME = ${JSON.stringify(launch.env.GATEHOUSE_HOME)} }`;
  const snippet = ['', '[mcp_servers.gatehouse]', 'command = "node"', `args = [${JSON.stringify(cliLauncher)}, "mcp"]`, env, ''].join('\n');
  appendFileSync(join(launch.env.CODEX_HOME, 'config.toml'), snippet);
}

async function answerWithGatehouseAnswer(run: HookRun, optionId: string) {
  const question = await run.pendingQuestion();
  execFileSync(process.execPath, [cliLauncher, 'answer', question.id, '--option', optionId], { env: { ...process.env, GATEHOUSE_HOME: run.hub!.home } });
  return question;
}

const IDLE: Record<AgentCli, string> = { claude: '? for shortcuts', codex: 'Ask Codex to do anything', gemini: 'Type your message', qwen: 'Type your message' };

describe.skipIf(skipUnlessInstalled('claude'))('Claude Code as an MCP client (README snippet)', () => {
  it('gets the typed answer a person gave with gatehouse answer', async () => {
    run = await startHookRun('claude', { hub: true, configure: registerClaude, script });
    await run.cli.waitFor(IDLE.claude);
    await run.cli.submit('ask me which database');
    // Claude Code asks before its first use of any MCP tool (readOnlyHint or not); the person allows the tool
    // for the project ("2. Yes, and don't ask again for gatehouse - provide_choice …"), as one would.
    await run.cli.waitFor("Yes, and don't ask again for gatehouse - provide_choice");
    await run.cli.settle();
    run.cli.write('2');
    const question = await answerWithGatehouseAnswer(run, 'lite');
    const last = await run.standin.waitFor((r) => r.conversation && r.toolResults.some((t) => resultJson(t).status === 'submitted'), 'the final result reached the model');
    const { interface: via, ...result } = resultJson(last.toolResults[0]);
    // Answered with `gatehouse answer`, not in the portal the question was shown in.
    expect(via).toBe('cli');
    expect(result).toEqual({
      status: 'submitted',
      session_id: question.id,
      selected: [{ id: 'lite', label: 'SQLite' }],
      annotations: {},
      global_annotation: null,
      free_text: null,
      answered_by: 'human',
      next_step: 'The person answered. Proceed with the selected option(s), taking any annotations into account.',
    });
  });
});

describe.skipIf(skipUnlessInstalled('codex'))('Codex as an MCP client (README snippet)', () => {
  it('gets the typed answer a person gave with gatehouse answer, without an approval prompt', async () => {
    run = await startHookRun('codex', { hub: true, configure: registerCodex, script });
    await run.cli.waitFor(IDLE.codex);
    await run.cli.submit('ask me which database');
    const question = await answerWithGatehouseAnswer(run, 'pg');
    const last = await run.standin.waitFor((r) => r.conversation && r.toolResults.some((t) => resultJson(t).status === 'submitted'), 'the final result reached the model');
    const { interface: via, ...result } = resultJson(last.toolResults[0]);
    expect(via).toBe('cli');
    expect(result).toEqual({
      status: 'submitted',
      session_id: question.id,
      selected: [{ id: 'pg', label: 'PostgreSQL' }],
      annotations: {},
      global_annotation: null,
      free_text: null,
      answered_by: 'human',
      next_step: 'The person answered. Proceed with the selected option(s), taking any annotations into account.',
    });
  });
});
