// A policy file with mistakes keeps what is right: a bad entry is left out and named, every other rule — every deny
// above all — still holds; a file that does not parse keeps denying by its last valid version's deny rules.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { policyRig, type PolicyRig } from './test-rig.js';

let rig: PolicyRig;
beforeEach(async () => {
  rig = await policyRig();
});
afterEach(async () => {
  await rig.remove();
});

const decision = (command: string) => rig.engine.decide(rig.bash(command));
const copyFile = () => join(rig.dataDir, 'policy.last-valid.yaml');

describe('a bad entry is left out; every other rule holds', () => {
  it('a lower-case tool name is skipped and named; the deny beside it still denies', async () => {
    await rig.policy('deny:\n  - bash(rm:*)\n  - Bash(touch pwned:*)\nallow:\n  - Bash(touch:*)\n');
    expect(rig.engine.status()).toMatchObject({ broken: false, rules: 2, errors: [{ file: rig.policyFile, line: 2, column: 5 }] });
    expect(decision('touch pwned now')).toMatchObject({ decision: 'deny', decidedBy: { kind: 'rule', rule: 'Bash(touch pwned:*)', line: 3 } });
    expect(decision('touch ok').decision).toBe('allow');
    expect(decision('rm -rf x').decision).toBe('ask');
  });

  it('a deny entry whose scope does not read holds for every agent and project; such an allow is left out', async () => {
    await rig.policy('deny:\n  - rule: Bash(rm:*)\n    agents: [claud]\nallow:\n  - rule: Bash(ls)\n    projects: [relative/dir]\n  - rule: Bash(cat:*)\n    agnets: [claude]\n');
    const status = rig.engine.status();
    expect(status.errors.map((e) => e.line)).toEqual([3, 6, 8]);
    expect(status.warnings).toEqual([expect.objectContaining({ line: 2, message: expect.stringContaining('holds for every agent and project until fixed') })]);
    expect(rig.engine.decide(rig.bash('rm x', { agent: 'codex' })).decision).toBe('deny');
    expect(decision('ls').decision).toBe('ask');
    expect(decision('cat x').decision).toBe('ask');
  });

  it('a list that is not a list is left out, the others hold; risk: and routing: are read, not warned about', async () => {
    await rig.policy('allow: Bash(ls)\ndeny: [Bash(rm:*)]\nrisk:\n  low: allow\nrouting: {}\n');
    const status = rig.engine.status();
    expect(status).toMatchObject({ broken: false, errors: [{ line: 1, message: expect.stringContaining('the allow list is skipped until fixed') }] });
    expect(status.warnings).toEqual([]);
    expect(decision('rm x').decision).toBe('deny');
    expect(decision('ls').decision).toBe('ask');
  });
});

describe('a file that does not parse keeps the deny rules of its last valid version', () => {
  it('keeps a copy when the file parses, and denies by it (saying so) while everything else asks', async () => {
    await rig.policy('# mine\ndeny:\n  - Bash(rm:*)\nallow:\n  - Bash(ls)\n');
    expect(decision('ls').decision).toBe('allow');
    const copy = await readFile(copyFile(), 'utf8');
    expect(copy).toMatch(new RegExp(`^# gatehouse: the last valid version of ${rig.policyFile}, saved \\S+\\. Its deny rules hold`));
    expect(copy).toContain('# mine\ndeny:\n  - Bash(rm:*)\n');

    await rig.policy('deny:\n  - Bash(rm:*)\n allow: [oops\n');
    const denied = decision('rm -rf src');
    expect(denied).toMatchObject({ decision: 'deny', decidedBy: { kind: 'rule', rule: 'Bash(rm:*)', list: 'deny', file: copyFile(), line: 4 } });
    if (denied.decidedBy.kind !== 'rule') throw new Error('rule expected');
    expect(denied.decidedBy.note).toMatch(new RegExp(`^from the last valid version of ${rig.policyFile} \\(saved .+\\), kept while that file does not parse$`));
    const asked = decision('ls');
    expect(asked).toMatchObject({ decision: 'ask', decidedBy: { kind: 'policy-error', error: { file: rig.policyFile } } });
    if (asked.decidedBy.kind !== 'policy-error') throw new Error('policy-error expected');
    expect(asked.decidedBy.error.message).toContain(`the deny rules of its last valid version (${copyFile()}, saved`);
    expect(rig.engine.status()).toMatchObject({ broken: true, rules: 1, lastValid: { file: copyFile() } });
    // The broken text never replaces the copy.
    expect(await readFile(copyFile(), 'utf8')).toBe(copy);
  });

  it('a mapping that is not one (a list at the top) is broken too', async () => {
    await rig.policy('deny: [Bash(rm:*)]\n');
    decision('ls');
    await rig.policy('- Bash(rm:*)\n');
    expect(decision('rm x').decision).toBe('deny');
    expect(decision('ls').decidedBy.kind).toBe('policy-error');
  });

  it('a copy of another file is not used', async () => {
    await writeFile(copyFile(), '# gatehouse: the last valid version of /elsewhere/policy.yaml, saved 2026-01-01T00:00:00.000Z. Its deny rules hold while that file does not parse.\ndeny: [Bash(ls)]\n');
    await rig.policy('deny: [oops\n');
    expect(decision('ls').decidedBy.kind).toBe('policy-error');
    expect(rig.engine.status()).toMatchObject({ broken: true, lastValid: null, rules: 0 });
  });

  it("a project's own file that does not parse: the person's denies hold, every other request in that project asks", async () => {
    await rig.policy('deny: [Bash(rm:*)]\nallow: [Bash(ls)]\n');
    await rig.projectPolicy('deny: [oops\n');
    expect(decision('rm x').decision).toBe('deny');
    const asked = decision('ls');
    expect(asked).toMatchObject({ decision: 'ask', decidedBy: { kind: 'policy-error', error: { file: join(rig.project, '.gatehouse', 'policy.yaml') } } });
    if (asked.decidedBy.kind !== 'policy-error') throw new Error('policy-error expected');
    expect(asked.decidedBy.error.message).toContain('until it is fixed every request in this project goes to the person');
    // The person's own file is fine: its status says so.
    expect(rig.engine.status()).toMatchObject({ broken: false, errors: [] });
  });
});
