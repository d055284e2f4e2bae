// `gatehouse policy check` and `gatehouse policy test`, run as the real built CLI (bin/gatehouse.js).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { testEnv } from '../support/test-hub.js';

let root: string;
let home: string;
let project: string;
let env: NodeJS.ProcessEnv;
const policyFile = () => join(home, 'policy.yaml');

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'gatehouse-policy-cli-'));
  home = join(root, 'data');
  project = join(root, 'app');
  await mkdir(home, { recursive: true });
  await mkdir(join(project, '.git'), { recursive: true });
  env = { ...testEnv(home), HOME: join(root, 'home') };
  delete env.GATEHOUSE_POLICY;
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function run(args: string[], extraEnv: NodeJS.ProcessEnv = {}) {
  const cli = runCli(['policy', ...args], { ...env, ...extraEnv }, { cwd: project });
  const code = await cli.code;
  return { code, stdout: cli.stdout(), stderr: cli.stderr() };
}

describe('gatehouse policy check', () => {
  it('sums up a good file and exits 0; with no file says every request goes to the person', async () => {
    expect(await run(['check'])).toMatchObject({ code: 0, stdout: `${policyFile()}: no policy file — every permission request goes to the person\n` });
    await writeFile(policyFile(), 'on_timeout: deny\nallow:\n  - Bash(npm test)\n  - rule: Edit(src/**)\n    agents: [claude]\ndeny:\n  - Bash(rm:*)\n');
    const ok = await run(['check']);
    expect(ok).toMatchObject({ code: 0, stdout: `${policyFile()}: ok — 2 allow, 0 ask, 1 deny rule; on_timeout: deny\n` });
  });

  it('prints every error as file:line:column and exits 1', async () => {
    const file = join(root, 'candidate.yaml');
    await writeFile(file, 'allow:\n  - Bash(npm test\n  - Glob(src)\nask: 3\nalow: []\n');
    const bad = await run(['check', file]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(
      [
        `${file}:5:1: warning: unknown key "alow" ignored: expected one of allow, ask, deny, on_timeout, risk, routing`,
        `${file}:2:5: rule "Bash(npm test": expected ")" at the end`,
        `${file}:3:5: rule "Glob(src)": only Bash, Edit (Write, MultiEdit, NotebookEdit), Read and WebFetch rules take a "(…)"; write Glob alone`,
        `${file}:4:6: ask: expected a list of rules ("- Bash(npm test)"); the ask list is skipped until fixed`,
        `${file}: 3 errors — those entries are left out until fixed; every other rule holds (0 allow, 0 ask, 0 deny rules; on_timeout: ask-cli)`,
        '',
      ].join('\n'),
    );
    await writeFile(file, 'allow:\n  - [Bash\n');
    const yaml = await run(['check', file, '--json']);
    expect(yaml.code).toBe(1);
    expect(JSON.parse(yaml.stdout)).toMatchObject({ file, ok: false, broken: true, last_valid: null, errors: [{ file, line: expect.any(Number), column: expect.any(Number), message: expect.stringMatching(/^YAML: /) }] });
    expect(await run(['check', join(root, 'missing.yaml')])).toMatchObject({ code: 1, stderr: `${join(root, 'missing.yaml')}: no such file\n` });
  });

  it("reads a project's own file as narrowing only: its allow is a warning with file and line", async () => {
    const file = join(project, '.gatehouse', 'policy.yaml');
    await mkdir(join(project, '.gatehouse'));
    await writeFile(file, 'deny:\n  - Bash(npm publish:*)\nallow:\n  - Bash\n');
    const r = await run(['check', file]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`${file}:4:5: warning: allow ignored: a project's own policy can only narrow (deny, ask); put allow rules in your own policy file\n`);
    expect(r.stdout).toContain("0 allow, 0 ask, 1 deny rule; on_timeout: ask-cli (a project's own file: it can only narrow)");
  });

  it('takes the file GATEHOUSE_POLICY names', async () => {
    const file = join(root, 'elsewhere.yaml');
    await writeFile(file, 'deny: [Bash]\n');
    expect((await run(['check'], { GATEHOUSE_POLICY: file })).stdout).toBe(`${file}: ok — 0 allow, 0 ask, 1 deny rule; on_timeout: ask-cli\n`);
  });
});

describe('gatehouse policy test', () => {
  beforeEach(async () => {
    await writeFile(policyFile(), 'allow:\n  - Bash(npm test)\n  - Edit(src/**)\ndeny:\n  - Bash(rm:*)\n');
  });

  it('says what decides, part by part, as text and as JSON', async () => {
    const text = await run(['test', '--agent', 'claude', '--tool', 'Bash', '--command', 'npm test && rm -rf ~']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('decision:   deny\n');
    expect(text.stdout).toContain(`decided by: rule Bash(rm:*) (deny, ${policyFile()}:5)\n`);
    expect(text.stdout).toMatch(/allow +Bash +npm test +rule Bash\(npm test\)/);
    const json = JSON.parse((await run(['test', '--agent', 'codex', '--tool', 'Bash', '--command', 'npm test', '--json'])).stdout);
    expect(json).toMatchObject({
      agent: 'codex',
      tool: 'Bash',
      cwd: project,
      project,
      decision: 'allow',
      decidedBy: { kind: 'rule', rule: 'Bash(npm test)', list: 'allow', file: policyFile(), line: 2 },
      kind: 'Bash',
      parts: [{ kind: 'Bash', text: 'npm test', decision: 'allow' }],
      hookAllows: true,
      note: null,
      policy: { file: policyFile(), exists: true, rules: 3, errors: [], warnings: [], onTimeout: 'ask-cli' },
    });
  });

  it('paths relative to --cwd; a Gemini allow is said to leave its own dialog', async () => {
    const edit = JSON.parse((await run(['test', '--agent', 'gemini', '--tool', 'write_file', '--path', 'src/a.ts', '--json'])).stdout);
    expect(edit).toMatchObject({ decision: 'allow', hookAllows: false, note: expect.stringContaining("an allow leaves Gemini's own dialog to ask; a deny still holds") });
    const outside = JSON.parse((await run(['test', '--agent', 'qwen', '--tool', 'edit', '--path', 'a.ts', '--cwd', root, '--json'])).stdout);
    expect(outside.decision).toBe('ask');
    const text = await run(['test', '--agent', 'gemini', '--tool', 'run_shell_command', '--command', 'npm test']);
    expect(text.stdout).toContain("note: Gemini CLI run by hand: its BeforeTool hook cannot allow");
  });

  it('a bad entry is left out and named; a file that does not parse denies by its last valid version and asks the rest', async () => {
    await writeFile(policyFile(), 'allow:\n  - Bash(npm test\ndeny:\n  - Bash(rm:*)\n');
    const r = await run(['test', '--agent', 'claude', '--tool', 'Bash', '--command', 'npm test']);
    expect(r.stdout).toContain('decision:   ask\ndecided by: no rule; risk medium (runs npm test)\n');
    expect(r.stdout).toContain(`skipped:    ${policyFile()}:2:5: rule "Bash(npm test": expected ")" at the end (left out until fixed; every other rule holds)`);
    // That read kept the file (it parses) as the last valid version; now it stops parsing.
    await writeFile(policyFile(), 'deny:\n  - Bash(rm:*)\n allow: [\n');
    const denied = await run(['test', '--agent', 'claude', '--tool', 'Bash', '--command', 'rm -rf x']);
    const copy = join(home, 'policy.last-valid.yaml');
    expect(denied.stdout).toMatch(new RegExp(`decision:   deny\ndecided by: rule Bash\\(rm:\\*\\) \\(deny, ${copy}:5\\) — from the last valid version of ${policyFile()} \\(saved `));
    const asked = await run(['test', '--agent', 'claude', '--tool', 'Bash', '--command', 'ls']);
    expect(asked.stdout).toContain(`decision:   ask\ndecided by: policy error ${policyFile()}:`);
    expect(asked.stdout).toContain(`the deny rules of its last valid version (${copy}, saved`);
    const checked = await run(['check']);
    expect(checked.code).toBe(1);
    expect(checked.stderr).toMatch(new RegExp(`${policyFile()}: does not parse — until fixed, the deny rules of its last valid version \\(${copy}, saved \\S+: 1 deny rule\\) still deny and every other request goes to the person\n$`));
  });

  it.each([
    [['test', '--tool', 'Bash'], '--agent: required (claude, codex, gemini, qwen)'],
    [['test', '--agent', 'claud', '--tool', 'Bash'], '--agent: unknown agent "claud" (expected claude, codex, gemini, qwen)'],
    [['test', '--agent', 'claude'], '--tool: required'],
    [['test', '--agent', 'claude', '--tool', 'Bash', '--path', 'x'], '--command: required for Bash'],
    [['test', '--agent', 'claude', '--tool', 'Bash', '--input', '{x'], '--input: not JSON'],
    [['test', '--agent', 'claude', '--tool', 'Bash', '--commnd', 'x'], 'unknown option "--commnd"'],
    [['test', '--agent', 'claude', '--tool', 'Bash', '--command'], '--command: needs a value'],
    [['check', '--agent', 'claude'], '--agent: only for gatehouse policy test'],
    [['lint'], 'give check, test, import, log, replay or suggest first (got "lint")'],
    [['log', '--agent', 'claude'], '--agent: only for gatehouse policy test'],
    [['check', '--since', '7d'], '--since: only for gatehouse policy log, replay and suggest'],
    [['replay', '--since', '7w'], '--since: expected a number and a unit'],
    [['suggest', 'x'], 'unexpected argument "x" (suggest takes options only; see --help)'],
    [['import', 'clade'], 'unknown agent "clade" (expected claude, codex, gemini, qwen)'],
    [['import', '--cwd', 'x'], '--cwd: only for gatehouse policy test'],
    [['check', '--yes'], '--yes: only for gatehouse policy import'],
  ])('%j is refused with exit 2, naming the flag', async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });
});
