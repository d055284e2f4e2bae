// The README's own registration snippets ("Register gatehouse with your agent"), read from README.md and applied
// to a CLI's throw-away home as written — only `/path/to/gatehouse` becomes this checkout — so a snippet that
// stops working fails the agent tests instead of misleading a reader.
import { execFileSync } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../server/package-info.js';
import type { AgentCli, AgentLaunch } from '../support/model-standins/agent-setups.js';

const SECTION = '## Register gatehouse with your agent';

/** The fenced code blocks of the README's registration section, with this checkout's path filled in. */
export function registrationBlocks(readme = readFileSync(join(packageRoot, 'README.md'), 'utf8')): string[] {
  const start = readme.indexOf(SECTION);
  if (start < 0) throw new Error(`README.md has no "${SECTION}" section`);
  const end = readme.indexOf('\n## ', start + SECTION.length);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```\w*\n([\s\S]*?)```/g)].map((m) => m[1].replaceAll('/path/to/gatehouse', packageRoot));
}

/** The README's snippet for `cli`: its `<cli> mcp add …` command line, or Codex's config.toml block. */
export function readmeSnippet(cli: AgentCli): string {
  const blocks = registrationBlocks();
  const found =
    cli === 'codex'
      ? blocks.find((b) => b.includes('[mcp_servers.gatehouse]'))
      : blocks.flatMap((b) => b.split('\n')).find((line) => line.startsWith(`${cli} mcp add `));
  if (!found) throw new Error(`README.md: no registration snippet for ${cli}`);
  return found;
}

/** Registers gatehouse with the CLI in `launch`'s home exactly as the README says. */
export function registerAsReadmeSays(launch: AgentLaunch): void {
  const snippet = readmeSnippet(launch.cli);
  if (launch.cli === 'codex') {
    appendFileSync(join(launch.env.CODEX_HOME, 'config.toml'), `\n${snippet}`);
    return;
  }
  // The command lines quote nothing, so words split on spaces are the arguments a shell would pass.
  if (/["'\\$`]/.test(snippet)) throw new Error(`README.md: the ${launch.cli} snippet quotes or expands something; split it as a shell would: ${snippet}`);
  const [, ...args] = snippet.trim().split(/\s+/);
  execFileSync(launch.command, args, { env: launch.env, cwd: launch.cwd, stdio: 'pipe' });
}
