import { execFile } from 'node:child_process';
import { tsciCommand } from '../../resolver/tsci-command.js';

export interface ToolVersion {
  name: string;
  /** The command line tried. */
  command: string;
  /** First line of `<command> --version`, or null when not found / not answering. */
  version: string | null;
}

/** The agent CLIs the built-in orchestrator adapters run. */
export const AGENT_CLIS = ['claude', 'codex', 'gemini', 'qwen', 'aider'];

/** Versions of tsci (GATEHOUSE_TSCI or `tsci` on PATH) and the agent CLIs found on PATH, asked in parallel. */
export async function toolVersions(env: NodeJS.ProcessEnv = process.env): Promise<ToolVersion[]> {
  const tsci = tsciCommand(env);
  const tools = [{ name: 'tsci', words: tsci }, ...AGENT_CLIS.map((name) => ({ name, words: [name] }))];
  return Promise.all(tools.map(async ({ name, words }) => ({ name, command: words.join(' '), version: await versionOf(words, env) })));
}

function versionOf(words: string[], env: NodeJS.ProcessEnv): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(words[0]!, [...words.slice(1), '--version'], { env, timeout: 15_000, encoding: 'utf8' }, (err, stdout) => {
      const line = String(stdout ?? '').trim().split('\n')[0]?.trim();
      resolve(err || !line ? null : line);
    });
  });
}
