// A real agent CLI as an MCP client of `gatehouse mcp`, registered with the README's own snippet, against its
// model stand-in and a real hub: what the MCP-client tests share — the question, the model's polling script,
// how a person answers, and how the tool results the model received are read back.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cliLauncher } from '../../server/package-info.js';
import type { AgentCli } from '../support/model-standins/agent-setups.js';
import type { ScriptStep, ToolResultSeen } from '../support/model-standins/script.js';
import type { ModelStandin } from '../support/model-standins/standin-server.js';
import { startHookRun, type HookRun } from '../support/agent-hook-run.js';
import type { ScreenRecorder } from '../support/screen-recorder.js';
import { registerAsReadmeSays } from './readme-snippets.js';

export const QUESTION = { prompt: 'Which database should the orders service use?', options: [{ id: 'pg', label: 'PostgreSQL' }, { id: 'lite', label: 'SQLite' }], interface: 'web' };

export const CASES: Array<{ cli: AgentCli; name: string; option: { id: string; label: string } }> = [
  { cli: 'claude', name: 'Claude Code', option: { id: 'lite', label: 'SQLite' } },
  { cli: 'codex', name: 'Codex', option: { id: 'pg', label: 'PostgreSQL' } },
  { cli: 'gemini', name: 'Gemini CLI', option: { id: 'lite', label: 'SQLite' } },
  { cli: 'qwen', name: 'Qwen Code', option: { id: 'pg', label: 'PostgreSQL' } },
];

/**
 * The provide_choice result in what a CLI handed the model. Claude Code, Codex and Qwen Code pass the tool's
 * text; Gemini CLI wraps it in its functionResponse (`{"output": "<the text>"}`), unwrapped here by parsing.
 */
export function resultJson(seen: ToolResultSeen): any {
  const found = findResult(seen.output);
  if (!found) throw new Error(`no provide_choice result in what the model got: ${seen.output}`);
  return found;
}

export function findResult(value: unknown): any {
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

/**
 * The call a pending answer says to make next: a poll's next_call, or after the start answer what its
 * instructions say ({"session_id": …, "poll": 1}).
 */
export function nextCall(pending: any): { session_id: string; poll: number } {
  return pending.next_call ?? { session_id: pending.session_id, poll: 1 };
}

/** A model that does what each pending answer says, unchanged (the default wait), until a final status. */
export const followNextCall: ScriptStep = (seen) => {
  const r = resultJson(seen[0]);
  return r.status === 'pending' ? { tool: 'provide_choice', args: nextCall(r) } : { text: `The person chose ${r.selected?.[0]?.label}.` };
};

/** A model that polls again at once (1 s waits) while pending. */
export const pollQuickly: ScriptStep = (seen) => {
  const r = resultJson(seen[0]);
  return r.status === 'pending' ? { tool: 'provide_choice', args: { ...nextCall(r), wait_seconds: 1 } } : { text: `The person chose ${r.selected?.[0]?.label}.` };
};

/** The poll numbers of the calls the model made (a CLI's retry of a request repeats one), in order. */
export function pollsMade(run: { standin: ModelStandin }): number[] {
  return [...new Set(run.standin.requests.map((r) => (r.answered as { args?: { poll?: number } } | undefined)?.args?.poll).filter((p): p is number => p !== undefined))];
}

/** A person answers in a terminal: `gatehouse answer <id> --option <id>` (not blocking the other runs meanwhile). */
export async function answerWithGatehouseAnswer(run: HookRun, sessionId: string, optionId: string): Promise<void> {
  await promisify(execFile)(process.execPath, [cliLauncher, 'answer', sessionId, '--option', optionId], { env: { ...process.env, GATEHOUSE_HOME: run.hub!.home } });
}

/** A person answers in the portal: the request the portal's page sends (POST …/submit, interface "web"). */
export async function answerInPortal(run: HookRun, sessionId: string, optionId: string): Promise<void> {
  await run.hub!.client.request('POST', `/api/sessions/${sessionId}/submit`, { selected_ids: [optionId], interface: 'web' });
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
const CONSENT: Record<AgentCli, (cli: ScreenRecorder, timeoutMs: number) => Promise<void>> = {
  claude: async (cli, timeoutMs) => {
    await cli.waitFor("Yes, and don't ask again for gatehouse - provide_choice", timeoutMs);
    await cli.settle();
    cli.write('2');
  },
  codex: async () => undefined,
  gemini: async (cli, timeoutMs) => {
    await cli.waitFor('Allow execution of MCP tool "provide_choice" from server "gatehouse"?', timeoutMs);
    await cli.waitFor('2. Allow tool for this session', timeoutMs);
    await cli.settle();
    cli.write('2');
  },
  qwen: async () => undefined,
};

/**
 * The interactive CLI at its prompt, asked to ask: the model (stand-in) starts the choice; the person allows the
 * tool if asked. `timeoutMs` bounds each screen wait (longer when several CLIs start at once on a loaded machine).
 */
export async function startAsking(cli: AgentCli, script: ScriptStep[], timeoutMs = 60_000): Promise<HookRun> {
  const run = await startHookRun(cli, { hub: true, configure: registerAsReadmeSays, script });
  try {
    for (const text of READY[cli]) await run.cli.waitFor(text, timeoutMs);
    await run.cli.settle();
    await run.cli.submit('ask me which database');
    await CONSENT[cli](run.cli, timeoutMs);
    return run;
  } catch (err) {
    await run.close();
    throw err;
  }
}

/** The final result the model received, once it has. */
export async function finalResult(run: { standin: ModelStandin }, timeoutMs?: number): Promise<any> {
  const last = await run.standin.waitFor((r) => r.conversation && r.toolResults.some((t) => findResult(t.output)?.status === 'submitted'), 'the final result reached the model', timeoutMs);
  return resultJson(last.toolResults[0]);
}

/** The result of a person's answer, as the model must receive it. */
export const submitted = (sessionId: string, option: { id: string; label: string }, answeredIn: 'cli' | 'web') => ({
  status: 'submitted',
  session_id: sessionId,
  selected: [option],
  annotations: {},
  global_annotation: null,
  free_text: null,
  interface: answeredIn,
  answered_by: 'human',
  next_step: 'The person answered. Proceed with the selected option(s), taking any annotations into account.',
});

/**
 * Tool results that are not gatehouse's answer: calls the CLI refused (approval, loop detection, its own
 * timeout). Qwen Code's tool_search answer (the loaded tool's <functions> block) is the only other result.
 */
export const refusedCalls = (run: HookRun) => run.standin.toolResultsSeen().filter((t) => t.isError || (!findResult(t.output) && !t.output.startsWith('<functions>')));
