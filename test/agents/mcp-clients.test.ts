// The real agent CLIs as MCP clients of `gatehouse mcp`, registered with the README's own snippet: the model
// (stand-in) starts a choice and polls it, a person answers with `gatehouse answer`, and the test asserts the
// exact tool result the model received.
import { execFileSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cliLauncher } from '../../server/package-info.js';
import type { AgentCli } from '../support/model-standins/agent-setups.js';
import type { ScriptStep, ToolResultSeen } from '../support/model-standins/script.js';
import { startHookRun, skipUnlessInstalled, type HookRun } from '../support/agent-hook-run.js';
import type { ScreenRecorder } from '../support/screen-recorder.js';
import { registerAsReadmeSays } from './readme-snippets.js';
import { recordTestedWith } from './tested-with.js';

let run: HookRun | null = null;
afterEach(async () => {
  await run?.close();
  run = null;
});

const QUESTION = { prompt: 'Which database should the orders service use?', options: [{ id: 'pg', label: 'PostgreSQL' }, { id: 'lite', label: 'SQLite' }], interface: 'web' };

/**
 * The provide_choice result in what a CLI handed the model. Claude Code, Codex and Qwen Code pass the tool's
 * text; Gemini CLI wraps it in its functionResponse (`{"output": "<the text>"}`), unwrapped here by parsing.
 */
function resultJson(seen: ToolResultSeen): any {
  const found = findResult(seen.output);
  if (!found) throw new Error(`no provide_choice result in what the model got: ${seen.output}`);
  return found;
}

function findResult(value: unknown): any {
  if (typeof value === 'string') {
    const text = value.slice(value.indexOf('{'), value.lastIndexOf('}') + 1);
    try {
      return text ? findResult(JSON.parse(text)) : null;
    } catch {
      return null;
    }
  }
  if (Array.isArray(value)) return value.map(findResult).find(Boolean) ?? null;
  if (value && typeof value === 'object') {
    if ('status' in value && 'session_id' in value) return value;
    return Object.values(value).map(findResult).find(Boolean) ?? null;
  }
  return null;
}

const script: ScriptStep[] = [
  { tool: 'provide_choice', args: QUESTION },
  (seen) => ({ tool: 'provide_choice', args: resultJson(seen[0]).next_call ?? { session_id: resultJson(seen[0]).session_id, poll: 1 } }),
  (seen) => {
    const r = resultJson(seen[0]);
    return r.status === 'pending' ? { tool: 'provide_choice', args: { ...r.next_call, wait_seconds: 50 } } : { text: `The person chose ${r.selected?.[0]?.label}.` };
  },
];

async function answerWithGatehouseAnswer(run: HookRun, optionId: string) {
  const question = await run.pendingQuestion();
  execFileSync(process.execPath, [cliLauncher, 'answer', question.id, '--option', optionId], { env: { ...process.env, GATEHOUSE_HOME: run.hub!.home } });
  return question;
}

/**
 * What is on screen once a CLI takes a prompt. Gemini CLI draws its input box before its MCP servers are
 * connected and loses an Enter typed then; "1 MCP server" in its status line says gatehouse is connected.
 */
const READY: Record<AgentCli, string[]> = { claude: ['? for shortcuts'], codex: ['Ask Codex to do anything'], gemini: ['Type your message', '1 MCP server'], qwen: ['Type your message'] };

/**
 * What a person does before the CLI runs a tool of a new MCP server, as one would: allow it from now on.
 * Claude Code asks before its first use of any MCP tool (readOnlyHint or not): "2. Yes, and don't ask again
 * for gatehouse - provide_choice …"; Gemini CLI asks the same ("2. Allow tool for this session"). Codex and
 * Qwen Code run it without asking (the tool is annotated read-only).
 */
const CONSENT: Record<AgentCli, (cli: ScreenRecorder) => Promise<void>> = {
  claude: async (cli) => {
    await cli.waitFor("Yes, and don't ask again for gatehouse - provide_choice");
    await cli.settle();
    cli.write('2');
  },
  codex: async () => undefined,
  gemini: async (cli) => {
    await cli.waitFor('Allow execution of MCP tool "provide_choice" from server "gatehouse"?');
    await cli.waitFor('2. Allow tool for this session');
    await cli.settle();
    cli.write('2');
  },
  qwen: async () => undefined,
};

const CASES: Array<{ cli: AgentCli; name: string; option: { id: string; label: string } }> = [
  { cli: 'claude', name: 'Claude Code', option: { id: 'lite', label: 'SQLite' } },
  { cli: 'codex', name: 'Codex', option: { id: 'pg', label: 'PostgreSQL' } },
  { cli: 'gemini', name: 'Gemini CLI', option: { id: 'lite', label: 'SQLite' } },
  { cli: 'qwen', name: 'Qwen Code', option: { id: 'pg', label: 'PostgreSQL' } },
];

/** The CLI at its prompt, asked to ask: the model (stand-in) starts the choice; the person allows the tool if asked. */
async function startAsking(cli: AgentCli, script: ScriptStep[]): Promise<HookRun> {
  run = await startHookRun(cli, { hub: true, configure: registerAsReadmeSays, script });
  for (const text of READY[cli]) await run.cli.waitFor(text);
  await run.cli.settle();
  await run.cli.submit('ask me which database');
  await CONSENT[cli](run.cli);
  return run;
}

/** The final result the model received, once it has. */
async function finalResult(run: HookRun): Promise<any> {
  const last = await run.standin.waitFor((r) => r.conversation && r.toolResults.some((t) => findResult(t.output)?.status === 'submitted'), 'the final result reached the model');
  return resultJson(last.toolResults[0]);
}

const submitted = (sessionId: string, option: { id: string; label: string }) => ({
  status: 'submitted',
  session_id: sessionId,
  selected: [option],
  annotations: {},
  global_annotation: null,
  free_text: null,
  // Answered with `gatehouse answer`, not in the portal the question was shown in.
  interface: 'cli',
  answered_by: 'human',
  next_step: 'The person answered. Proceed with the selected option(s), taking any annotations into account.',
});

/**
 * Tool results that are not gatehouse's answer: calls the CLI refused (approval, loop detection). Qwen Code's
 * tool_search answer (the loaded tool's <functions> block) is the only other result.
 */
const refusedCalls = (run: HookRun) => run.standin.toolResultsSeen().filter((t) => t.isError || (!findResult(t.output) && !t.output.startsWith('<functions>')));

/** A model that polls again at once (1 s waits) for as long as the answer is pending. */
const pollAgain: ScriptStep = (seen) => {
  const r = resultJson(seen[0]);
  const next = r.next_call ?? { session_id: r.session_id, poll: 1 };
  return r.status === 'pending' ? { tool: 'provide_choice', args: { ...next, wait_seconds: 1 } } : { text: `The person chose ${r.selected?.[0]?.label}.` };
};
const PATIENT_POLLS = 7;

for (const { cli, name, option } of CASES) {
  describe.skipIf(skipUnlessInstalled(cli))(`${name} as an MCP client (README snippet)`, () => {
    beforeEach(() => recordTestedWith(cli, 'mcp-client'));
    it('gets the typed answer a person gave with gatehouse answer', { timeout: 180_000 }, async () => {
      const run = await startAsking(cli, script);
      const question = await answerWithGatehouseAnswer(run, option.id);
      expect(await finalResult(run)).toEqual(submitted(question.id, option));
      expect(refusedCalls(run)).toEqual([]);
    });

    // Gemini CLI stops the fifth identical tool call as a loop (Qwen Code inherited the detector): every pending
    // answer hands back a next_call whose poll counts up, so a person slower than the polls is still waited for.
    it.runIf(cli === 'gemini' || cli === 'qwen')(`polls ${PATIENT_POLLS} times while the person takes their time; no poll is stopped as a loop`, { timeout: 240_000 }, async () => {
      const run = await startAsking(cli, [{ tool: 'provide_choice', args: QUESTION }, ...Array<ScriptStep>(3 * PATIENT_POLLS).fill(pollAgain)]);
      // The polls the model made (a CLI's retry of a request repeats one), each after a pending answer.
      const polls = () => [...new Set(run.standin.requests.map((r) => (r.answered as { args?: { poll?: number } } | undefined)?.args?.poll).filter((p) => p !== undefined))];
      await run.standin.waitFor(() => polls().length >= PATIENT_POLLS + 1, `${PATIENT_POLLS} polls were answered pending`, 180_000);
      const question = await answerWithGatehouseAnswer(run, option.id);
      expect(await finalResult(run)).toEqual(submitted(question.id, option));
      expect(refusedCalls(run)).toEqual([]);
      // The calls the model made differ from each other: poll 1, 2, 3, … as each next_call said.
      expect(polls().slice(0, PATIENT_POLLS + 1)).toEqual(Array.from({ length: PATIENT_POLLS + 1 }, (_, i) => i + 1));
    });
  });
}
