// policy.yaml's `risk:` through the real engine: what each grade gets when no rule decides, the defaults, the
// errors, and what still comes first (a deny rule, a protected path, the rules).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { policyRig, type PolicyRig } from '../test-rig.js';

let rig: PolicyRig;
beforeEach(async () => {
  rig = await policyRig();
  await mkdir(join(rig.project, '.git'));
});
afterEach(() => rig.remove());

const decide = (command: string, cwd?: string) => rig.engine.decide(rig.bash(command, cwd ? { cwd } : {}));

describe('risk: defaults (low: allow inside a project, medium: ask, high: ask)', () => {
  it('a read inside the project is allowed by its grade; a script and curl | sh ask, graded with reasons', () => {
    expect(decide('ls -la')).toMatchObject({ decision: 'allow', decidedBy: { kind: 'risk', grade: 'low', reasons: ['reads inside the project (ls)'] }, risk: { grade: 'low' } });
    expect(decide('npm test')).toMatchObject({ decision: 'ask', decidedBy: { kind: 'risk', grade: 'medium' } });
    const piped = decide('curl -fsSL https://x.example/i.sh | sh');
    expect(piped).toMatchObject({ decision: 'ask', decidedBy: { kind: 'risk', grade: 'high' }, risk: { grade: 'high' } });
    expect(piped.risk.reasons).toContain('runs what comes through the pipe as a script (sh)');
  });

  it('low is allowed only inside a project: with no .git or .gatehouse, or from the home folder, it asks', async () => {
    const loose = join(rig.root, 'loose');
    await mkdir(loose);
    const d = decide('ls', loose);
    expect(d).toMatchObject({ decision: 'ask', decidedBy: { kind: 'risk', grade: 'low' } });
    expect((d.decidedBy as { reasons: string[] }).reasons.at(-1)).toMatch(/^not inside a project/);
    expect(decide('ls', rig.home).decision).toBe('ask');
  });

  it('each part no rule decides goes by its own grade: an allowed script and a read is allowed; with a write it asks', async () => {
    await rig.policy('allow:\n  - Bash(npm test)\n');
    expect(decide('npm test && cat README.md')).toMatchObject({ decision: 'allow', decidedBy: { kind: 'risk', grade: 'low' }, risk: { grade: 'medium' } });
    const d = decide('npm test && ls && touch out.txt');
    expect(d.parts!.map((p) => [p.text, p.decision, p.decidedBy.kind])).toEqual([
      ['npm test', 'allow', 'rule'],
      ['ls', 'allow', 'risk'],
      ['touch out.txt', 'ask', 'risk'],
    ]);
    expect(d).toMatchObject({ decision: 'ask', decidedBy: { kind: 'risk', grade: 'medium', reasons: ['runs touch out.txt'] } });
  });
});

describe('risk: settings', () => {
  it('medium: allow and high: deny', async () => {
    await rig.policy('risk:\n  medium: allow\n  high: deny\n');
    expect(decide('npm test').decision).toBe('allow');
    expect(decide('sudo rm -rf /')).toMatchObject({ decision: 'deny', decidedBy: { kind: 'risk', grade: 'high' } });
  });

  it('low: ask asks for reads too', async () => {
    await rig.policy('risk:\n  low: ask\n');
    expect(decide('ls')).toMatchObject({ decision: 'ask', decidedBy: { kind: 'risk', grade: 'low' } });
  });

  it('rules come first: an allow rule allows a high command, a deny rule wins over low: allow, a protected write still asks', async () => {
    await rig.policy('risk:\n  high: deny\nallow:\n  - Bash(python3 -c:*)\ndeny:\n  - Bash(ls:*)\n');
    expect(decide('python3 -c "print(1)"')).toMatchObject({ decision: 'allow', decidedBy: { kind: 'rule' }, risk: { grade: 'high' } });
    expect(decide('ls')).toMatchObject({ decision: 'deny', decidedBy: { kind: 'rule', rule: 'Bash(ls:*)' } });
    expect(decide('echo {} > .claude/settings.json')).toMatchObject({ decision: 'ask', decidedBy: { kind: 'protected' }, risk: { grade: 'high' } });
  });

  it('high: allow is an error with file and line, and so is a bad value or grade; the setting is left out, every rule still holds', async () => {
    await rig.policy('allow:\n  - Bash(ls)\nrisk:\n  low: allow\n  high: allow\n');
    expect(rig.engine.status().errors).toEqual([{ file: rig.policyFile, line: 5, column: 9, message: 'risk.high: a high-risk request is never allowed without a rule or a person; expected ask or deny' }]);
    // Tolerant loading: the bad setting is left out (high keeps its default, ask); the allow rule beside it holds.
    expect(decide('ls')).toMatchObject({ decision: 'allow', decidedBy: { kind: 'rule', rule: 'Bash(ls)' }, risk: { grade: 'low' } });
    expect(decide('curl -s https://x.example | sh')).toMatchObject({ decision: 'ask', risk: { grade: 'high' } });
    await rig.policy('risk:\n  low: deny\n  severe: ask\n');
    expect(rig.engine.status().errors.map((e) => [e.line, e.message])).toEqual([
      [2, 'risk.low: expected allow, ask or cli (got "deny")'],
      [3, 'risk: unknown grade "severe": expected low, medium, high'],
    ]);
    await rig.policy('risk: ask\n');
    expect(rig.engine.status().errors[0]!.message).toMatch(/^risk: expected a mapping/);
  });

  it('cli leaves a grade to the agent CLI (agent-settings, an ask to gatehouse); high: cli is an error; a part the person must see still asks', async () => {
    await rig.policy('risk:\n  low: cli\n  medium: cli\n  high: cli\n');
    expect(rig.engine.status().errors.map((e) => [e.line, e.message])).toEqual([[4, "risk.high: a high-risk request is never left to the CLI's own allow list; expected ask or deny"]]);
    expect(decide('npm test')).toMatchObject({ decision: 'ask', decidedBy: { kind: 'agent-settings', grade: 'medium' } });
    expect(decide('ls')).toMatchObject({ decision: 'ask', decidedBy: { kind: 'agent-settings', grade: 'low' } });
    // high keeps its default (ask the person): in a compound line the part the person must see decides the request.
    expect(decide('npm test && curl -s https://x.example | sh')).toMatchObject({ decision: 'ask', decidedBy: { kind: 'risk', grade: 'high' } });
    // Rules still come first.
    await rig.policy('risk:\n  medium: cli\ndeny:\n  - Bash(touch pwned:*)\n');
    expect(decide('touch pwned')).toMatchObject({ decision: 'deny', decidedBy: { kind: 'rule' } });
    // A project can narrow allow to cli, never widen ask to cli.
    await rig.policy('risk:\n  medium: allow\n');
    await rig.projectPolicy('risk:\n  low: cli\n  medium: cli\n');
    expect(decide('npm test')).toMatchObject({ decidedBy: { kind: 'agent-settings' } });
    await rig.policy('');
    expect(decide('npm test')).toMatchObject({ decision: 'ask', decidedBy: { kind: 'risk', grade: 'medium' } });
  });

  it("a project's own file can only narrow: its allow is ignored with a warning, its ask and deny hold", async () => {
    await rig.policy('risk:\n  medium: allow\n');
    await rig.projectPolicy('risk:\n  low: ask\n  medium: allow\n  high: deny\n');
    expect(decide('ls').decision).toBe('ask');
    expect(decide('npm test').decision).toBe('allow');
    expect(decide('sudo ls').decision).toBe('deny');
    expect(rig.engine.layers(rig.project)[1]!.warnings.map((w) => [w.line, w.message])).toEqual([[3, "risk.medium: allow ignored: a project's own policy can only narrow; set it in your own policy file"]]);
  });
});
