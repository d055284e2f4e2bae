import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./tested-with-table.mjs', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A copy of what the script reads (README, pinned versions, results) in a temp folder. */
function fakeRoot(results: Array<{ name: string; body: unknown }>): string {
  const root = mkdtempSync(join(tmpdir(), 'gatehouse-tested-with-'));
  dirs.push(root);
  cpSync(join(ROOT, 'README.md'), join(root, 'README.md'));
  mkdirSync(join(root, 'e2e-agents'));
  cpSync(join(ROOT, 'e2e-agents/package.json'), join(root, 'e2e-agents/package.json'));
  mkdirSync(join(root, 'test/agents/tested-with'), { recursive: true });
  for (const r of results) writeFileSync(join(root, 'test/agents/tested-with', r.name), JSON.stringify(r.body));
  return root;
}

const run = (root: string, ...args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { env: { ...process.env, GATEHOUSE_TESTED_WITH_ROOT: root }, encoding: 'utf8' });

describe("README's Tested with table", () => {
  it('is what the recorded results say (regenerate: node test/support/tested-with-table.mjs --write)', () => {
    const check = spawnSync(process.execPath, [SCRIPT, '--check'], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('is made from the results: passes, failures, versions not run, and areas never tested', () => {
    const pinned = JSON.parse(readFileSync(join(ROOT, 'e2e-agents/package.json'), 'utf8')).dependencies;
    const root = fakeRoot([
      { name: 'claude.mcp-client.a.json', body: { cli: 'claude', area: 'mcp-client', version: pinned['@anthropic-ai/claude-code'], tests: { one: 'pass' } } },
      { name: 'claude.hooks.a.json', body: { cli: 'claude', area: 'hooks', version: pinned['@anthropic-ai/claude-code'], tests: { one: 'pass', two: 'pass' } } },
      { name: 'claude.hooks.b.json', body: { cli: 'claude', area: 'hooks', version: pinned['@anthropic-ai/claude-code'], tests: { three: 'fail' } } },
      { name: 'codex.mcp-client.a.json', body: { cli: 'codex', area: 'mcp-client', version: '0.0.1', tests: { one: 'pass' } } },
    ]);
    const printed = execFileSync(process.execPath, [SCRIPT], { env: { ...process.env, GATEHOUSE_TESTED_WITH_ROOT: root }, encoding: 'utf8' });
    const rows = printed.trim().split('\n');
    expect(rows[0]).toBe('| CLI | version | as MCP client | permission hooks | under the orchestrator |');
    expect(rows[2]).toBe(`| Claude Code | ${pinned['@anthropic-ai/claude-code']} | ✓ 1 test pass | ✗ 1 of 3 tests fail | not tested |`);
    expect(rows[3]).toBe(`| Codex | ${pinned['@openai/codex']} | not run with ${pinned['@openai/codex']} (last: 0.0.1) | not tested | not tested |`);
    expect(rows[4]).toBe(`| Gemini CLI | ${pinned['@google/gemini-cli']} | not tested | not tested | not tested |`);

    // --check fails on a README that says otherwise and names the fix; --write makes it agree.
    const check = run(root, '--check');
    expect(check.status).toBe(1);
    expect(check.stderr).toContain('node test/support/tested-with-table.mjs --write');
    expect(run(root, '--write').status).toBe(0);
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain(rows.join('\n'));
    expect(run(root, '--check').status).toBe(0);
  });

  it('says what the passing tests show the CLI doing (their covers), each once; a failing test\'s is left out', () => {
    const version = JSON.parse(readFileSync(join(ROOT, 'e2e-agents/package.json'), 'utf8')).dependencies['@openai/codex'];
    const root = fakeRoot([
      { name: 'codex.orchestrator.a.json', body: { cli: 'codex', area: 'orchestrator', version, tests: { one: 'pass', two: 'pass' }, covers: { one: 'its dialog on screen', two: 'its dialog on screen' } } },
      { name: 'codex.orchestrator.b.json', body: { cli: 'codex', area: 'orchestrator', version, tests: { three: 'pass', four: 'pass' }, covers: { three: 'a policy' } } },
      { name: 'codex.hooks.a.json', body: { cli: 'codex', area: 'hooks', version, tests: { one: 'pass', two: 'fail' }, covers: { one: 'No', two: 'Yes' } } },
    ]);
    const codex = run(root).stdout.trim().split('\n')[3];
    expect(codex).toBe(`| Codex | ${version} | not tested | ✗ 1 of 2 tests fail | ✓ 4 tests pass: its dialog on screen; a policy |`);
  });

  it('refuses a results file that is not one, naming it', () => {
    const root = fakeRoot([{ name: 'junk.json', body: { hello: 1 } }]);
    const result = run(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(join(root, 'test/agents/tested-with/junk.json'));
  });
});
