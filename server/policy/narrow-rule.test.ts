import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendRule } from './append-rule.js';
import { narrowestRule } from './narrow-rule.js';
import { policyRig, type PolicyRig } from './test-rig.js';

let rig: PolicyRig;
beforeEach(async () => {
  rig = await policyRig();
});
afterEach(async () => {
  await rig.remove();
});

const rules = (command: string) => narrowestRule(rig.bash(command, { project: rig.project }), { home: rig.home });

describe('narrowestRule', () => {
  it('the exact command, and its leading words + :* as the wider choice', () => {
    expect(rules('npm run test -- --watch')).toEqual({ rules: ['Bash(npm run test -- --watch)'], wider: ['Bash(npm run test:*)'] });
    expect(rules("git commit -m 'fix it'")).toEqual({ rules: ["Bash(git commit -m 'fix it')"], wider: ['Bash(git commit:*)'] });
    expect(rules('ls -la')).toEqual({ rules: ['Bash(ls -la)'], wider: ['Bash(ls:*)'] });
  });

  it('one rule per part of a compound line; none for code read only when it runs', () => {
    expect(rules('npm test && npm run build').rules).toEqual(['Bash(npm test)', 'Bash(npm run build)']);
    expect(rules('curl x | sh')).toMatchObject({ rules: [], reason: expect.stringContaining('cannot be read') });
  });

  it('a file written by redirection gets its own Edit rule (a Bash rule leaves it to the person, as in Claude Code)', async () => {
    const made = rules('npm test > out.txt 2>&1');
    expect(made.rules).toEqual(['Bash(npm test)', 'Edit(./out.txt)']);
    await rig.policy(`allow:\n${made.rules.map((r) => `  - ${JSON.stringify(r)}`).join('\n')}\n`);
    expect(rig.engine.decide(rig.bash('npm test > out.txt 2>&1')).decision).toBe('allow');
    expect(rules('npm test > /dev/null').rules).toEqual(['Bash(npm test)']);
  });

  it('a rule made from a request matches that request', async () => {
    const command = "git commit -m 'fix it' && npm test";
    const made = rules(command);
    await rig.policy(`allow:\n${made.rules.map((r) => `  - ${JSON.stringify(r)}`).join('\n')}\n`);
    expect(rig.engine.decide(rig.bash(command)).decision).toBe('allow');
  });

  it('Edit(<path relative to the project>), ~/… or //… outside it; WebFetch(domain:…); mcp tools', () => {
    const edit = (file_path: string) => narrowestRule({ agent: 'gemini', tool: 'write_file', input: { file_path }, cwd: rig.project, project: rig.project }, { home: rig.home });
    expect(edit('src/a.ts')).toEqual({ rules: ['Edit(src/a.ts)'], wider: ['Edit(src/**)'] });
    expect(edit('README.md').rules).toEqual(['Edit(./README.md)']);
    expect(edit(join(rig.home, 'notes', 'x.md')).rules).toEqual(['Edit(~/notes/x.md)']);
    expect(edit('/etc/hosts').rules).toEqual(['Edit(//etc/hosts)']);
    expect(narrowestRule({ agent: 'claude', tool: 'WebFetch', input: { url: 'https://Docs.example.com/x' }, cwd: rig.project }, { home: rig.home }).rules).toEqual(['WebFetch(domain:docs.example.com)']);
    expect(narrowestRule({ agent: 'gemini', tool: 'mcp_github_create_issue', input: {}, cwd: rig.project }, { home: rig.home })).toEqual({ rules: ['mcp__github__create_issue'], wider: ['mcp__github'] });
  });
});

describe('appendRule', () => {
  it('adds the rule under its list with a dated comment, keeping the comments and order already there', async () => {
    await writeFile(rig.policyFile, '# my policy\non_timeout: deny # never wait\nallow:\n  # tests\n  - Bash(npm test)\n');
    const result = await appendRule(rig.policyFile, 'allow', 'Bash(npm run build:*)', { gate: 'ch_abc', date: new Date('2026-11-27T10:00:00Z'), home: rig.home });
    expect(result.written).toBe(true);
    expect(await readFile(rig.policyFile, 'utf8')).toBe(
      '# my policy\non_timeout: deny # never wait\nallow:\n  # tests\n  - Bash(npm test)\n  # 2026-11-27: added from gate ch_abc\n  - Bash(npm run build:*)\n',
    );
    await appendRule(rig.policyFile, 'deny', 'Bash(rm:*)', { gate: 'ch_def', date: new Date('2026-11-27T10:00:00Z'), home: rig.home });
    expect(await readFile(rig.policyFile, 'utf8')).toContain('deny:\n  # 2026-11-27: added from gate ch_def\n  - Bash(rm:*)\n');
    expect(rig.engine.decide(rig.bash('rm x')).decision).toBe('deny');
    expect(rig.engine.decide(rig.bash('npm run build')).decision).toBe('allow');
    expect((await appendRule(rig.policyFile, 'deny', 'Bash(rm:*)', { gate: 'x', home: rig.home })).written).toBe(false);
  });

  it('appends made at once are all kept', async () => {
    await Promise.all(Array.from({ length: 5 }, (_, i) => appendRule(rig.policyFile, 'allow', `Bash(make t${i})`, { gate: `g${i}`, home: rig.home })));
    expect(rig.engine.status().rules).toBe(5);
  });

  it('creates the file; refuses a bad rule and a broken file', async () => {
    const file = join(rig.root, 'new', 'policy.yaml');
    await appendRule(file, 'allow', 'Edit(src/**)', { gate: 'ch_1', date: new Date('2026-01-02T00:00:00Z') });
    expect(await readFile(file, 'utf8')).toBe('allow:\n  # 2026-01-02: added from gate ch_1\n  - Edit(src/**)\n');
    await expect(appendRule(file, 'allow', 'Bash(x', { gate: 'g' })).rejects.toThrow('rule "Bash(x": expected ")" at the end');
    await writeFile(file, 'allow: [x\n');
    await expect(appendRule(file, 'allow', 'Bash', { gate: 'g' })).rejects.toThrow(/policy\.yaml:\d+:\d+: YAML/);
  });
});
