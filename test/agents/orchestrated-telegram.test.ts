// The real Claude Code and Codex as tasks of `gatehouse run`, with a Telegram stand-in on the hub (issue 21, done
// means): the agent's permission request, which no rule decides, reaches Telegram as the same permission gate as
// one by hand — the grant buttons, the workflow and task in its source — and a tap there lets the command run; a
// rule in the person's policy lets the next task's command through with no gate at all.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND, skipUnlessInstalled } from '../support/agent-hook-run.js';
import { startOrchestratedAgent, type OrchestratedAgent } from '../support/orchestrated-agent.js';
import { TelegramBotApiStandin } from '../support/telegram-bot-api-standin.js';
import { messageFor } from '../support/telegram-channel.js';
import { readPermissionLog } from '../../server/policy/permission-log.js';
import { hookAgent } from '../../server/agents/hook-agents.js';
import { firstCallEvent } from '../../server/agents/call-memo.js';
import type { TaskView } from '../../server/orchestrator/face/task-views.js';
import { recordTestedWith } from './tested-with.js';

let standin: TelegramBotApiStandin;
let run: OrchestratedAgent | null = null;
beforeAll(async () => {
  standin = await TelegramBotApiStandin.start();
});
afterEach(async () => {
  await run?.close();
  run = null;
});
afterAll(async () => standin?.stop());

const telegram = () => ({ GATEHOUSE_TELEGRAM_TOKEN: standin.token, GATEHOUSE_TELEGRAM_CHAT_ID: String(standin.owner.chatId), GATEHOUSE_TELEGRAM_API_ROOT: standin.apiRoot });
const gateWaiting = (t: TaskView) => t.status === 'WAITING_FOR_USER' && Boolean(t.interaction?.gate);

for (const cli of ['claude', 'codex'] as const) {
  const { name } = hookAgent(cli);
  // Claude Code and Codex raise the hook before every call first: the task's question is held there.
  const firstEvent = firstCallEvent(hookAgent(cli));
  describe.skipIf(skipUnlessInstalled(cli))(`${name} under gatehouse run, the person on Telegram`, () => {
    it('the permission gate reaches Telegram with the grant buttons; "this session" tapped there runs the command', async () => {
      recordTestedWith(cli, 'orchestrator', { covers: 'a task’s permission gate answered on Telegram' });
      run = await startOrchestratedAgent(cli, { autoApprove: false, hubEnv: telegram() });
      const waiting = await run.until(gateWaiting, 'the task waits on its permission gate');
      const message = await messageFor(standin, waiting.interaction!.gate!);
      expect(message.text).toContain(COMMAND);
      expect(message.text).toContain(`${cli}-hooks/agent`);
      const labels = message.buttons.map((b) => b.text);
      expect(labels).toEqual(expect.arrayContaining(['Yes, allow this once', 'Yes, for the rest of this session', 'No']));
      expect(labels).toContainEqual(expect.stringMatching(/^Yes, and always allow Bash\(echo hello-from-stan/)); // a button label is clipped
      standin.tapLabel(message.message_id, 'Yes, for the rest of this session');
      await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
      await run.until((t) => t.status === 'DONE', 'the task is done');
      expect(readFileSync(run.madeFile, 'utf8')).toBe('hello-from-standin\n');
      const { records } = await readPermissionLog(join(run.hub.home, 'permissions.jsonl'));
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ agent: cli, task: run.taskId, gate: waiting.interaction!.gate, decision: 'allow', decided_by: { kind: 'person', via: 'telegram', option: 'session' } });
      expect((await run.task()).explain!.join('\n')).toContain(`RUNNING ← ${name} ${firstEvent} hook: the person (telegram): session`);
    });

    it('an allow rule in the person\'s policy: the task\'s command runs with no gate and the record names the rule', async () => {
      run = await startOrchestratedAgent(cli, { autoApprove: false, hubEnv: telegram() });
      const policy = join(run.hub.home, 'policy.yaml');
      writeFileSync(policy, 'allow:\n  - Bash(echo hello-from-standin)\n  - Edit(./made.txt)\n');
      await run.until((t) => t.status === 'DONE', 'the task is done');
      expect(readFileSync(run.madeFile, 'utf8')).toBe('hello-from-standin\n');
      const { records } = await readPermissionLog(join(run.hub.home, 'permissions.jsonl'));
      expect(records[0]).toMatchObject({ task: run.taskId, gate: null, decided_by: { kind: 'rule', rule: 'Bash(echo hello-from-standin)', file: policy } });
    });
  });
}
