// The agent CLIs' own rules as `policy import` reads them: places (file:line), translations, and what is left out.
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadBashParser } from '../../shell/tree-sitter-bash.js';
import { readNativeRules } from './read-native.js';
import { planImport, importEntries } from './import-plan.js';

let root: string;
let home: string;
let project: string;
beforeAll(async () => {
  await loadBashParser();
});
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'gatehouse-native-')));
  home = join(root, 'home');
  project = join(root, 'app');
  await mkdir(project, { recursive: true });
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const read = (agents: Parameters<typeof readNativeRules>[0], env: NodeJS.ProcessEnv = {}) => readNativeRules(agents, { env, home, project });

describe('Codex .rules', () => {
  it("reads prefix_rule calls over several lines, with ' strings, comments and a trailing comma; decision defaults to allow", async () => {
    await mkdir(join(home, '.codex', 'rules'), { recursive: true });
    await writeFile(join(home, '.codex', 'rules', 'a.rules'), "# header\nprefix_rule(\n    # the words\n    pattern = ['npm', ['test', 'run'],],  # trailing\n    match = ['npm test'],\n)\nprefix_rule(pattern = [\"git\", \"push\"], decision = 'prompt', justification = \"a, b\")\nprefix_rule(pattern = [\"echo\", \"a b\"], decision = \"forbidden\")\n");
    const found = read(['codex']);
    expect(found.rules.map((r) => [r.list, r.rules, r.line])).toEqual([
      ['allow', ['Bash(npm test:*)', 'Bash(npm run:*)'], 2],
      ['ask', ['Bash(git push:*)'], 7],
      ['deny', [], 8],
    ]);
    expect(found.rules[2]!.note).toContain('not a list of plain words');
  });

  it('CODEX_HOME is where the person\'s rules and config are', async () => {
    await mkdir(join(root, 'ch', 'rules'), { recursive: true });
    await writeFile(join(root, 'ch', 'rules', 'default.rules'), 'prefix_rule(pattern = ["ls"])\n');
    await writeFile(join(root, 'ch', 'config.toml'), 'sandbox_mode = "danger-full-access"\n');
    const found = read(['codex'], { CODEX_HOME: join(root, 'ch') });
    expect(found.rules.map((r) => r.rules)).toEqual([['Bash(ls:*)']]);
    expect(found.modes).toEqual([expect.objectContaining({ setting: 'sandbox_mode', line: 1 })]);
  });
});

describe('Claude Code settings', () => {
  it('user (CLAUDE_CONFIG_DIR), project and local files, each rule with its line; a file that is not JSON is named', async () => {
    await mkdir(join(root, 'cc'), { recursive: true });
    await writeFile(join(root, 'cc', 'settings.json'), '{\n  "permissions": {\n    "deny": ["Bash(rm:*)", "Bash(rm:*)"],\n    "defaultMode": "bypassPermissions"\n  }\n}\n');
    await mkdir(join(project, '.claude'), { recursive: true });
    await writeFile(join(project, '.claude', 'settings.local.json'), '{ "permissions": { "allow": ["WebFetch(domain:example.com)"] } }');
    await writeFile(join(project, '.claude', 'settings.json'), '{ not json');
    const found = read(['claude'], { CLAUDE_CONFIG_DIR: join(root, 'cc') });
    expect(found.rules.map((r) => [r.list, r.native, r.line, r.project])).toEqual([
      ['deny', 'Bash(rm:*)', 3, null],
      ['deny', 'Bash(rm:*)', 3, null],
      ['allow', 'WebFetch(domain:example.com)', 1, project],
    ]);
    expect(found.modes).toEqual([expect.objectContaining({ setting: 'permissions.defaultMode', value: 'bypassPermissions', line: 4 })]);
    expect(found.unreadable).toEqual([expect.objectContaining({ file: join(project, '.claude', 'settings.json') })]);
    // The same rule twice is one entry.
    const plan = planImport(join(root, 'policy.yaml'), '', importEntries(found.rules), home);
    expect(plan.added.map((e) => e.rule)).toEqual(['Bash(rm:*)', 'WebFetch(domain:example.com)']);
    expect(plan.present).toHaveLength(1);
  });
});
