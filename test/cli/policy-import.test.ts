// `gatehouse policy import` and `policy check`'s report of native allows, run as the real built CLI against a temp
// HOME holding the four agent CLIs' own settings and a temp data directory holding the person's policy.
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { testEnv } from '../support/test-hub.js';

let root: string;
let home: string;
let data: string;
let project: string;
let env: NodeJS.ProcessEnv;
const policyFile = () => join(data, 'policy.yaml');

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'gatehouse-policy-import-')));
  home = join(root, 'home');
  data = join(root, 'data');
  project = join(root, 'app');
  for (const dir of [data, join(project, '.git'), join(project, '.claude'), join(home, '.claude'), join(home, '.codex', 'rules'), join(home, '.gemini', 'policies'), join(home, '.qwen')]) await mkdir(dir, { recursive: true });
  env = { ...testEnv(data), HOME: home };
  for (const name of ['GATEHOUSE_POLICY', 'CLAUDE_CONFIG_DIR', 'CODEX_HOME', 'QWEN_HOME', 'GEMINI_CLI_HOME']) delete env[name];
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function run(args: string[]) {
  const cli = runCli(['policy', ...args], env, { cwd: project });
  const code = await cli.code;
  return { code, stdout: cli.stdout(), stderr: cli.stderr() };
}

const claudeUser = () => join(home, '.claude', 'settings.json');

describe('gatehouse policy import claude', () => {
  beforeEach(async () => {
    await writeFile(claudeUser(), JSON.stringify({ permissions: { allow: ['Bash(touch:*)', 'Read(/src/**)', 'bash(ls)'], ask: ['Bash(git push:*)'], deny: ['Bash(rm:*)'] } }, null, 2));
    await writeFile(join(project, '.claude', 'settings.json'), JSON.stringify({ permissions: { allow: ['Bash(make:*)'] } }, null, 2));
    await writeFile(join(project, '.claude', 'settings.local.json'), JSON.stringify({ permissions: { deny: ['Read(./.env)'] } }, null, 2));
    await writeFile(policyFile(), '# my own words\ndeny:\n  - Bash(touch pwned:*) # never\n');
  });

  it('shows the diff and what it leaves out, writes nothing without --yes; with it, writes the rules with their sources and keeps comments', async () => {
    const dry = await run(['import', 'claude']);
    expect(dry.code).toBe(2);
    expect(dry.stderr).toBe('gatehouse policy import: nothing written; run again with --yes to write it\n');
    expect(dry.stdout).toContain(`left out: claude allow Read(/src/**) (${claudeUser()}:5): "/path" is anchored at the settings file's folder`);
    expect(dry.stdout).toContain(`left out: claude allow bash(ls) (${claudeUser()}:6): gatehouse cannot read it`);
    expect(dry.stdout).toContain(`+  # imported from ${claudeUser()}:4 (claude)\n+  - rule: Bash(touch:*)\n+    agents: [ claude ]`);
    expect(await readFile(policyFile(), 'utf8')).toBe('# my own words\ndeny:\n  - Bash(touch pwned:*) # never\n');

    const wrote = await run(['import', 'claude', '--yes']);
    expect(wrote).toMatchObject({ code: 0 });
    expect(wrote.stdout).toContain(`written: ${policyFile()} (5 rules added)`);
    const text = await readFile(policyFile(), 'utf8');
    expect(text).toContain('# my own words\n');
    expect(text).toContain('# never');
    expect(text).toContain(`  # imported from ${join(project, '.claude', 'settings.json')}:4 (claude, project)\n  - rule: Bash(make:*)\n    agents: [ claude ]\n    projects: [ ${project} ]\n`);
    expect(text).toContain(`  # imported from ${join(project, '.claude', 'settings.local.json')}:4 (claude, project)\n  - rule: Read(./.env)\n`);
    expect(text).toContain(`  # imported from ${claudeUser()}:9 (claude)\n  - rule: Bash(git push:*)\n`);
    const checked = await run(['check']);
    expect(checked.stdout).toContain(`${policyFile()}: ok — 2 allow, 1 ask, 3 deny rules`);

    // What the policy now holds is not added again.
    expect((await run(['import', 'claude', '--yes'])).stdout).toContain(`already in the policy: 5 rules\nnothing to add to ${policyFile()}\n`);
  });

  it('the rules it writes decide: the imported deny denies, the project allow holds in that project only', async () => {
    await run(['import', 'claude', '--yes']);
    const test = async (command: string, cwd = project) => (await run(['test', '--agent', 'claude', '--tool', 'Bash', '--command', command, '--cwd', cwd])).stdout.split('\n')[0];
    expect(await test('rm -rf x')).toBe('decision:   deny');
    expect(await test('make all')).toBe('decision:   allow');
    expect(await test('make all', root)).toBe('decision:   ask');
    expect(await test('touch pwned')).toBe('decision:   deny');
    expect((await run(['test', '--agent', 'codex', '--tool', 'Bash', '--command', 'touch x'])).stdout.split('\n')[0]).toBe('decision:   ask');
  });

  it('a policy that does not parse is left alone', async () => {
    await writeFile(policyFile(), 'deny: [oops\n');
    const r = await run(['import', 'claude', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/fix the policy file before rules are imported into it/);
    expect(await readFile(policyFile(), 'utf8')).toBe('deny: [oops\n');
  });
});

describe('gatehouse policy import codex, gemini, qwen', () => {
  it('Codex prefix_rules (alternatives too) and approval settings; Gemini policy rules; Qwen permissions and yolo', async () => {
    await writeFile(join(home, '.codex', 'rules', 'default.rules'), '# mine\nprefix_rule(pattern = ["git", ["status", "log"]], decision = "allow")\nprefix_rule(\n    pattern = ["rm"],\n    decision = "forbidden",\n)\nprefix_rule(pattern = ["sh", "-c"], decision = "prompt")\n');
    await writeFile(join(home, '.codex', 'config.toml'), 'model = "x"\napproval_policy = "never"\n');
    await writeFile(join(home, '.gemini', 'policies', 'mine.toml'), '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git diff"\ndecision = "allow"\n\n[[rule]]\ntoolName = "write_file"\ndecision = "allow"\n\n[[rule]]\ntoolName = "run_shell_command"\ncommandRegex = "curl.*"\ndecision = "deny"\n');
    await writeFile(join(home, '.qwen', 'settings.json'), JSON.stringify({ permissions: { allow: ['run_shell_command(ls)', 'Write(src/**)'], deny: ['ShellTool(sudo:*)'] }, tools: { approvalMode: 'yolo' } }, null, 2));
    const r = await run(['import', 'codex', 'gemini', 'qwen', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { added: Array<{ list: string; rule: string; agent: string; from: string }>; left_out: Array<{ agent: string; native: string; why: string }>; modes: Array<{ agent: string; setting: string }> };
    const codexRules = join(home, '.codex', 'rules', 'default.rules');
    expect(report.added).toEqual(
      expect.arrayContaining([
        { list: 'allow', rule: 'Bash(git status:*)', agent: 'codex', project: null, from: `${codexRules}:2 (codex)` },
        { list: 'allow', rule: 'Bash(git log:*)', agent: 'codex', project: null, from: `${codexRules}:2 (codex)` },
        { list: 'deny', rule: 'Bash(rm:*)', agent: 'codex', project: null, from: `${codexRules}:3 (codex)` },
        { list: 'ask', rule: 'Bash(sh -c:*)', agent: 'codex', project: null, from: `${codexRules}:7 (codex)` },
        expect.objectContaining({ list: 'allow', rule: 'Bash(git diff:*)', agent: 'gemini' }),
        expect.objectContaining({ list: 'allow', rule: 'Bash(ls)', agent: 'qwen' }),
        expect.objectContaining({ list: 'deny', rule: 'Bash(sudo:*)', agent: 'qwen' }),
      ]),
    );
    expect(report.added).toHaveLength(7);
    expect(report.left_out.map((l) => [l.agent, l.why])).toEqual([
      ['gemini', expect.stringContaining('wider than write_file alone')],
      ['gemini', expect.stringContaining('commandRegex has no gatehouse rule')],
      ['qwen', expect.stringContaining("Qwen Code's write_file rule covers writing only")],
    ]);
    expect(report.modes.map((m) => [m.agent, m.setting])).toEqual([['codex', 'approval_policy'], ['qwen', 'tools.approvalMode']]);
    expect(r.stdout).toContain('"written": false');
    const wrote = await run(['import', 'codex', '--json', '--yes']);
    expect(JSON.parse(wrote.stdout)).toMatchObject({ written: true, added: [{ rule: 'Bash(git status:*)' }, { rule: 'Bash(git log:*)' }, { rule: 'Bash(rm:*)' }, { rule: 'Bash(sh -c:*)' }] });
    expect(await readFile(policyFile(), 'utf8')).toContain(`  # imported from ${codexRules}:3 (codex)\n  - rule: Bash(rm:*)\n    agents: [ codex ]\n`);
  });
});

describe("gatehouse policy check: the CLIs' allows wider than the policy", () => {
  it('names each native allow the policy would not allow, with its file and line — the issue 31 case included', async () => {
    await writeFile(claudeUser(), JSON.stringify({ permissions: { allow: ['Bash(touch:*)', 'Bash(npm test)'] } }, null, 2));
    await writeFile(join(project, '.claude', 'settings.json'), JSON.stringify({ permissions: { allow: ['Bash(touch:*)'] } }, null, 2));
    await writeFile(join(home, '.qwen', 'settings.json'), JSON.stringify({ tools: { approvalMode: 'yolo' } }));
    await writeFile(policyFile(), 'deny:\n  - Bash(touch pwned:*)\nallow:\n  - Bash(npm test)\n');
    const r = await run(['check']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`3 allows in the agent CLIs' own settings are wider than your policy`);
    expect(r.stdout).toContain(`wider:    ${claudeUser()}:4: claude allows Bash(touch:*) — your policy: \`touch\`: ask (risk); denies part of it: Bash(touch pwned:*) (${policyFile()}:2)`);
    expect(r.stdout).toContain(`wider:    ${join(project, '.claude', 'settings.json')}:4: claude allows Bash(touch:*)`);
    expect(r.stdout).toContain(`wider:    ${join(home, '.qwen', 'settings.json')}:1: qwen allows tools.approvalMode = "yolo" — your policy: runs tools unasked`);
    expect(r.stdout).not.toContain('Bash(npm test) —');
    const json = JSON.parse((await run(['check', '--json'])).stdout) as { native_allows_wider: unknown[] };
    expect(json.native_allows_wider).toHaveLength(3);
  });
});
