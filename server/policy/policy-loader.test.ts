import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadBashParser } from '../shell/tree-sitter-bash.js';
import { personPolicyPath, PolicyLoader } from './policy-loader.js';

let dir: string;
beforeAll(async () => {
  await loadBashParser();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gatehouse-policy-loader-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('PolicyLoader', () => {
  it('keeps a file parsed until it changes, then reads it again (same size, new time)', async () => {
    const file = join(dir, 'policy.yaml');
    const loader = new PolicyLoader(file, { home: dir });
    expect(loader.person()).toMatchObject({ exists: false, rules: [] });
    await writeFile(file, 'allow: [Bash(a)]\n');
    const first = loader.person();
    expect(first.rules.map((r) => r.rule.text)).toEqual(['Bash(a)']);
    expect(loader.person()).toBe(first);
    await writeFile(file, 'allow: [Bash(b)]\n');
    await utimes(file, new Date(), new Date(Date.now() + 5000));
    expect(loader.person().rules.map((r) => r.rule.text)).toEqual(['Bash(b)']);
    await rm(file);
    expect(loader.person().exists).toBe(false);
  });

  it('a folder where the file should be is an error, not an empty policy', async () => {
    const file = join(dir, 'policy.yaml');
    await mkdir(file);
    expect(new PolicyLoader(file, { home: dir }).person().errors[0]).toMatchObject({ file, line: 1, column: 1, message: expect.stringContaining('not a file') });
  });

  it("the person's file: GATEHOUSE_POLICY, else <data dir>/policy.yaml", () => {
    expect(personPolicyPath({ GATEHOUSE_POLICY: '/x/p.yaml', GATEHOUSE_HOME: '/d' })).toBe('/x/p.yaml');
    expect(personPolicyPath({ GATEHOUSE_HOME: '/d' })).toBe('/d/policy.yaml');
  });
});
