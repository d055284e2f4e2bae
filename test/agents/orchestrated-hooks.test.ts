// Claude Code 2.1.197, Codex 0.169.0, Gemini CLI 0.61.0 and Qwen Code 0.15.10 as tasks of `gatehouse run`: the
// orchestrator wires gatehouse's hook in per run (Claude: --settings in the task's own dir; Codex: a task-owned
// CODEX_HOME; Gemini and Qwen: a task-owned system-defaults settings file), so a permission request is
// the task's question — answered by the task's policy, or by a person through /api/tasks/:id/choose — with no key
// pressed on the CLI's dialog. The model stand-in asks to run one shell command and records what came back.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMAND, skipUnlessInstalled } from '../support/agent-hook-run.js';
import { startOrchestratedAgent, type OrchestratedAgent } from '../support/orchestrated-agent.js';
import { processesUnder, type AgentCli } from '../support/model-standins/agent-setups.js';
import type { TaskView } from '../../server/orchestrator/face/task-views.js';
import { recordTestedWith } from './tested-with.js';
import { hookAgent } from '../../server/agents/hook-agents.js';
import { firstCallEvent } from '../../server/agents/call-memo.js';

let run: OrchestratedAgent | null = null;
afterEach(async () => {
  await run?.close();
  run = null;
});

/** The hook's question is the task's (Claude Code may have drawn its own dialog a moment before the hook came). */
const hookQuestion = (t: TaskView) => t.status === 'WAITING_FOR_USER' && (t.interaction?.prompt.includes(' wants to use ') ?? false);


/** Allow rules the CLI could have saved: in the person's files (HOME) or the task's own config. */
function savedAllowRules(cli: AgentCli, launch: { home: string; cwd: string; env: Record<string, string> }): string[] {
  const rules: string[] = [];
  const read = (f: string) => (existsSync(f) ? readFileSync(f, 'utf8') : null);
  if (cli === 'claude') {
    for (const f of [join(launch.home, '.claude/settings.json'), join(launch.cwd, '.claude/settings.local.json'), join(launch.cwd, '.claude/settings.json')]) {
      const text = read(f);
      if (text) rules.push(...(JSON.parse(text).permissions?.allow ?? []));
    }
    for (const p of Object.values<any>(JSON.parse(read(join(launch.home, '.claude.json'))!).projects ?? {})) rules.push(...(p.allowedTools ?? []));
  } else if (cli === 'gemini') {
    // "Allow for this session" is kept in memory; a saved rule would be a policy file in the person's .gemini/.
    const settings = JSON.parse(read(join(launch.home, '.gemini/settings.json'))!);
    rules.push(...Object.keys(settings).filter((k) => k !== 'security'));
    if (existsSync(join(launch.home, '.gemini/policies'))) rules.push('.gemini/policies');
  } else if (cli === 'qwen') {
    for (const f of [join(launch.home, '.qwen/settings.json'), join(launch.cwd, '.qwen/settings.json')]) {
      const text = read(f);
      if (text) rules.push(...(JSON.parse(text).permissions?.allow ?? []));
    }
  } else {
    const rulesFile = read(join(launch.env.CODEX_HOME, 'rules/default.rules'));
    if (rulesFile) rules.push(rulesFile);
    if (read(join(launch.env.CODEX_HOME, 'config.toml'))!.includes('hello-from-standin')) rules.push('config.toml');
  }
  return rules;
}

for (const cli of ['claude', 'codex', 'gemini', 'qwen'] as const) {
  const { name, turnEndEvent } = hookAgent(cli);
  // The hook that asks first: the one before every call where the CLI raises it before its own check (Claude Code,
  // Codex), else the permission hook (Qwen Code raises PreToolUse after it; Gemini's BeforeTool is both).
  const firstEvent = firstCallEvent(hookAgent(cli));
  // Codex gives its reason (justification) to its permission hook only; its PreToolUse input has none.
  const reason = cli === 'codex' ? '' : ' \\(reason given: .+\\)';
  describe.skipIf(skipUnlessInstalled(cli))(`${name} under gatehouse run: permissions through its own hook`, () => {
    beforeEach(() => recordTestedWith(cli, 'orchestrator', { covers: 'permission through its own hook (a person’s Yes / No, policy autoApprove), turn end by its hook' }));

    it('with a policy (autoApprove) the command runs and no person is asked', async () => {
      run = await startOrchestratedAgent(cli, { autoApprove: true });
      const done = await run.until((t) => t.status === 'DONE', 'the task is done');
      expect(readFileSync(run.madeFile, 'utf8')).toBe('hello-from-standin\n');
      // The permission was the policy's to answer: the hook never made the task wait for a person.
      const byPolicy = new RegExp(`RUNNING ← ${name} ${firstEvent} hook, answered by answer handler (autoApprove|choose "Yes")$`);
      expect(done.explain!.some((l) => byPolicy.test(l)), done.explain!.join('\n')).toBe(true);
      expect(done.explain!.join('\n')).not.toMatch(/WAITING_FOR_USER ← .*hook/);
      expect(run.standin.toolResultsSeen()).toHaveLength(1);
      expect(run.standin.toolResultsSeen()[0].isError).not.toBe(true);
    });

    it('without a policy the task waits for the person; No → nothing runs and the model is told', async () => {
      run = await startOrchestratedAgent(cli, { autoApprove: false });
      const waiting = await run.until(hookQuestion, 'the task waits for the person');
      // The question names the tool and the command, with the reason the model gave.
      expect(waiting.interaction!.prompt).toMatch(new RegExp(`^${name} wants to use (Bash|run_shell_command): echo hello-from-standin > made\\.txt${reason}$`));
      // The permission gate's own options (the grants come with it), the same gate as in the portal's list.
      const texts = waiting.interaction!.options.map((o) => o.text);
      expect(texts[0]).toBe('Yes, allow this once');
      expect(texts).toContain('No');
      expect(texts).toContainEqual(expect.stringMatching(/^Yes, and always allow Bash\(echo hello-from-standin/));
      const gate = await run.hub.client.request<{ session: { status: string; source: { kind: string; task?: string } } }>('GET', `/api/sessions/${waiting.interaction!.gate}`);
      expect(gate.session).toMatchObject({ status: 'pending', source: { kind: 'hook', task: waiting.name } });
      expect(waiting.explain!.at(-1)).toMatch(new RegExp(`WAITING_FOR_USER ← ${name} ${firstEvent} hook$`));
      await run.choose({ option: 'No' });
      const seen = await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
      expect(seen.toolResults[0].output).toContain('The person said No through gatehouse. Do not run it; ask them what to do instead.');
      expect(existsSync(run.madeFile)).toBe(false);
      const done = await run.until((t) => t.status === 'DONE', 'the task is done');
      expect(done.explain!.join('\n')).toContain(`RUNNING ← ${name} ${firstEvent} hook: the person (web): no`);
      // History says who decided, on the gate itself.
      const answered = await run.hub.client.request<{ session: { status: string; decided_by: { kind: string; option: string } } }>('GET', `/api/sessions/${waiting.interaction!.gate}`);
      expect(answered.session).toMatchObject({ status: 'submitted', decided_by: { kind: 'person', option: 'no' } });
      expect(done.explain!.at(-1)).toMatch(new RegExp(`DONE ← ${name} ${turnEndEvent} hook$`));
      // Codex also reports its state in its output (OSC 7501): recorded, and a guard against a screen read too early.
      if (cli === 'codex') expect(done.explain!.join('\n')).toMatch(/RUNNING · Codex OSC 7501 state=working app=codex/);
    });

    it("a person's Yes: the command runs once and no allow rule is saved", async () => {
      run = await startOrchestratedAgent(cli, { autoApprove: false });
      await run.until(hookQuestion, 'the task waits for the person');
      await run.choose({ index: 0 });
      const seen = await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
      expect(seen.toolResults[0].isError).not.toBe(true); // Codex's wire format has no error flag: the file says it ran
      await run.until((t) => t.status === 'DONE', 'the task is done');
      expect(readFileSync(run.madeFile, 'utf8')).toBe('hello-from-standin\n');
      expect(run.standin.toolResultsSeen()).toHaveLength(1);
      expect(savedAllowRules(cli, run.launch)).toEqual([]);
      // Nothing the CLI started outlives its task (Codex 0.169 starts an app-server daemon from $CODEX_HOME/packages/).
      await run.exited();
      expect(processesUnder(dirname(run.launch.home))).toEqual([]);
    });
  });
}
