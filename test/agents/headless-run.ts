// A real agent CLI run headless (`gemini -p`, `qwen -p`, `claude -p`, `codex exec`: no terminal, the prompt on the
// command line, exit at the end of the turn) as an MCP client of `gatehouse mcp` registered with the README's own
// snippet, against its model stand-in and a real hub.
import { spawn } from 'node:child_process';
import type { InteractionSummary } from '../../shared/interactions.js';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { installedVersion, prepareAgent, WIRE_FORMATS, type AgentCli, type AgentLaunch } from '../support/model-standins/agent-setups.js';
import { startModelStandin, type ModelStandin } from '../support/model-standins/standin-server.js';
import type { ScriptStep } from '../support/model-standins/script.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { registerAsReadmeSays } from './readme-snippets.js';

export const HEADLESS_PROMPT = 'ask me which database';

/**
 * The headless command line of each CLI, as a person would type it. Claude Code -p runs no tool it was not
 * allowed: `--allowedTools` names gatehouse's (a person allows it the same way). Gemini CLI -p likewise runs an
 * MCP tool only when allowed (`--allowed-tools`). Codex exec and Qwen Code -p run the read-only tool as is.
 */
const HEADLESS_ARGS: Record<AgentCli, string[]> = {
  claude: ['-p', HEADLESS_PROMPT, '--allowedTools', 'mcp__gatehouse__provide_choice'],
  codex: ['exec', HEADLESS_PROMPT],
  gemini: ['-p', HEADLESS_PROMPT, '--allowed-tools', 'mcp_gatehouse_provide_choice'],
  qwen: ['-p', HEADLESS_PROMPT],
};

export interface HeadlessRun {
  hub: TestHub;
  standin: ModelStandin;
  launch: AgentLaunch;
  /** Resolves when the CLI has exited, with its exit code and what it printed. */
  exited: Promise<{ code: number | null; stdout: string; stderr: string }>;
  /** `waiting`, or an error with what the CLI printed if it exits first. */
  whileRunning<T>(waiting: Promise<T>): Promise<T>;
  /** The run's one choice question as the hub holds it, once the model has asked. */
  question(): Promise<ChoiceSessionView>;
  close(): Promise<void>;
}

export async function startHeadless(cli: AgentCli, script: ScriptStep[]): Promise<HeadlessRun> {
  if (!installedVersion(cli)) throw new Error(`${cli} is not installed (e2e-agents)`);
  const hub = await startTestHub();
  const standin = await startModelStandin(WIRE_FORMATS[cli], script);
  const launch = prepareAgent(cli, standin.url, { seed: 'ready' });
  launch.env.GATEHOUSE_HOME = hub.home;
  registerAsReadmeSays(launch);
  const child = spawn(launch.command, [...launch.args, ...HEADLESS_ARGS[cli]], { cwd: launch.cwd, env: launch.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => (stderr += String(d)));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
  let gone = false;
  void exited.then(() => (gone = true));
  return {
    hub,
    standin,
    launch,
    exited,
    whileRunning: (waiting) =>
      Promise.race([waiting, exited.then(({ code, stdout, stderr }) => Promise.reject(new Error(`${cli} exited (${code}) first:\n${stdout}\n${stderr}`)))]),
    async question() {
      for (;;) {
        const { interactions } = await hub.client.request<{ interactions: InteractionSummary[] }>('GET', '/api/interactions?filter=all');
        const row = interactions.find((i) => i.kind === 'choice');
        if (row) return (await hub.client.request<{ session: ChoiceSessionView }>('GET', `/api/sessions/${row.id}`)).session;
        if (gone) throw new Error(`${cli} exited before the model asked:\n${stdout}\n${stderr}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      if (!gone) child.kill('SIGKILL');
      await standin.close();
      launch.dispose();
      await hub.stop();
    },
  };
}
