// Without the agent CLIs installed, the README's registration snippets are still checked for what the real-agent
// tests (mcp-clients.test.ts) rely on; with them installed, those tests register each snippet for real.
import { describe, expect, it } from 'vitest';
import { cliLauncher } from '../../server/package-info.js';
import { AGENT_CLIS } from '../support/model-standins/agent-setups.js';
import { readmeSnippet, registrationBlocks } from './readme-snippets.js';

describe("README's registration snippets", () => {
  it('has one for each tested CLI, starting gatehouse mcp from this checkout', () => {
    for (const cli of AGENT_CLIS) expect(readmeSnippet(cli), cli).toContain(cliLauncher);
    for (const cli of AGENT_CLIS.filter((c) => c !== 'codex')) {
      expect(readmeSnippet(cli).split(/\s+/).slice(-3), cli).toEqual(['node', cliLauncher, 'mcp']);
    }
  });

  it("Codex's passes on the variables that choose the data directory (Codex hands an MCP server only a few of its own)", () => {
    const codex = readmeSnippet('codex');
    expect(codex).toContain('[mcp_servers.gatehouse]');
    expect(codex).toContain(`args = ["${cliLauncher}", "mcp"]`);
    expect(codex).toMatch(/^env_vars = \["GATEHOUSE_HOME", "XDG_DATA_HOME"\]$/m);
  });

  it('names a README without the section or without a snippet', () => {
    expect(() => registrationBlocks('# nothing here\n')).toThrow('README.md has no "## Register gatehouse with your agent" section');
    expect(registrationBlocks('## Register gatehouse with your agent\n\n```sh\nclaude mcp add x\n```\n\n## Next\n\n```sh\nqwen mcp add y\n```\n')).toEqual(['claude mcp add x\n']);
  });
});
