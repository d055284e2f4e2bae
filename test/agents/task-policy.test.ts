// A task's permission request under `gatehouse run` goes through the permission policy first (issue 21, part 1):
// the person's policy, then the task's own rules from the workflow file (`policy: {allow, ask, deny}`), deny over
// ask over allow across both; autoApprove allows only what no rule decides. The real hook process (`gatehouse
// hook … --task`, as the task's own hook wiring runs it) against a real hub and live tasks; every request recorded.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookCommandLine } from '../../server/agents/hook-command-line.js';
import type { HubRequestError } from '../../server/hub-client/hub-client.js';
import type { WorkflowSessionState } from '../../server/orchestrator/task/task-types.js';
import { readPermissionLog, type PermissionRecord } from '../../server/policy/index.js';
import { runCli } from '../support/run-cli.js';
import { makeTempHome, startTestHub, type TestHub } from '../support/test-hub.js';

let hub: TestHub;
let project: string;
let session: string;
const sleeper = (name: string, extra: object) => ({ name, command: 'sleep', args: ['60'], interactive: false, ...extra });

beforeAll(async () => {
  hub = await startTestHub();
  project = await makeTempHome('gatehouse-task-policy-project-');
  mkdirSync(join(project, '.git'));
  writeFileSync(join(hub.home, 'policy.yaml'), 'ask:\n  - Bash(git push:*)\ndeny:\n  - Bash(curl:*)\n');
  const tasks = [
    sleeper('ruled', { policy: { allow: ['Bash(npm test)', 'Bash(curl example.com)'], deny: ['Bash(rm -rf:*)'] } }),
    sleeper('auto', { autoApprove: true }),
  ];
  const started = await hub.client.request<{ session: WorkflowSessionState }>('POST', '/api/workflows', { workflow: { stages: [{ tasks }] } });
  session = started.session.id;
});
afterAll(async () => {
  for (const t of ['ruled', 'auto']) await hub.client.request('POST', `/api/tasks/${encodeURIComponent(`${session}.${t}`)}/stop`).catch(() => undefined);
  await hub.stop();
});

/** The task's own hook process (as its wiring runs it) for one Claude Code event; its stdout, parsed (null: none). */
function runTaskHook(task: string, event: 'PermissionRequest' | 'PreToolUse', command: string, agentSession = 's1'): Promise<any> {
  const taskId = `${session}.${task}`;
  const input = { session_id: agentSession, hook_event_name: event, tool_name: 'Bash', tool_input: { command }, cwd: project };
  return new Promise((resolve, reject) => {
    const child = execFile('/bin/sh', ['-c', hookCommandLine('claude', event, 60, taskId)], { env: { ...hub.env } }, (err, stdout) => {
      if (err) return reject(err);
      resolve(stdout.trim() ? JSON.parse(stdout) : null);
    });
    child.stdin!.end(JSON.stringify(input));
  });
}
const taskHook = async (task: string, command: string): Promise<{ behavior: string; message?: string }> => (await runTaskHook(task, 'PermissionRequest', command)).hookSpecificOutput.decision;
const getTask = async (task: string) =>
  (await hub.client.request<{ task: { status: string; interaction: { prompt: string } | null; explain: string[] } }>('GET', `/api/tasks/${encodeURIComponent(`${session}.${task}`)}`)).task;
async function waiting(task: string) {
  for (;;) {
    const t = await getTask(task);
    if (t.status === 'WAITING_FOR_USER') return t;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("a task's permission request: the policy first", () => {
  it("the task's allow rule answers allow with no question; its deny rule denies naming the rule", async () => {
    expect(await taskHook('ruled', 'npm test')).toEqual({ behavior: 'allow' });
    const denied = await taskHook('ruled', 'npm test && rm -rf build');
    expect(denied.behavior).toBe('deny');
    expect(denied.message).toContain(`rule Bash(rm -rf:*) (deny) in task ${session}.ruled policy.deny line 1`);
    const task = await getTask('ruled');
    expect(task.status).toBe('RUNNING');
    expect(task.explain.at(-1)).toContain('denied by rule Bash(rm -rf:*)');
  });

  it("the person's deny beats the task's allow (deny over allow across both)", async () => {
    const denied = await taskHook('ruled', 'curl example.com');
    expect(denied.behavior).toBe('deny');
    expect(denied.message).toContain('rule Bash(curl:*) (deny) in');
  });

  it("autoApprove allows what no rule decides, but the person's ask rule goes to the person", async () => {
    expect(await taskHook('auto', 'make build')).toEqual({ behavior: 'allow' });
    const asked = taskHook('auto', 'git push origin main');
    expect((await waiting('auto')).interaction!.prompt).toBe('Claude Code wants to use Bash: git push origin main');
    await hub.client.request('POST', `/api/tasks/${encodeURIComponent(`${session}.auto`)}/choose`, { option: 'No' });
    expect((await asked).behavior).toBe('deny');
  });

  it('no rule and no autoApprove: the task asks the person, as before', async () => {
    const asked = taskHook('ruled', 'make deploy');
    await waiting('ruled');
    await hub.client.request('POST', `/api/tasks/${encodeURIComponent(`${session}.ruled`)}/choose`, { index: 0 });
    expect(await asked).toEqual({ behavior: 'allow' });
  });

  it('every task request is in the permission log, with its task and who decided', async () => {
    const cli = runCli(['policy', 'log', '--json'], hub.env);
    expect(await cli.code).toBe(0);
    const records = (JSON.parse(cli.stdout()) as { records: PermissionRecord[] }).records;
    expect(records.map((r) => [r.task?.replace(`${session}.`, ''), r.detail, r.decision, r.decided_by.kind, r.decided_by.option ?? r.decided_by.rule])).toEqual([
      ['ruled', 'npm test', 'allow', 'rule', 'Bash(npm test)'],
      ['ruled', 'npm test && rm -rf build', 'deny', 'rule', 'Bash(rm -rf:*)'],
      ['ruled', 'curl example.com', 'deny', 'rule', 'Bash(curl:*)'],
      ['auto', 'make build', 'allow', 'rule', 'autoApprove'],
      ['auto', 'git push origin main', 'deny', 'person', 'no'],
      ['ruled', 'make deploy', 'allow', 'person', 'yes'],
    ]);
  });

  it('a workflow whose task policy has a bad rule is refused, naming the field', async () => {
    const bad = { stages: [{ tasks: [sleeper('bad', { policy: { allow: ['Bash(npm test'], nope: [] } })] }] };
    const err = await hub.client.request<never>('POST', '/api/workflows', { workflow: bad }).catch((e: HubRequestError) => e);
    expect(err.status).toBe(400);
    const problems = [...err.problems].sort((a, b) => a.field.localeCompare(b.field));
    expect(problems.map((p) => p.field)).toEqual(['stages[0].tasks[0].policy.allow[0]', 'stages[0].tasks[0].policy.nope']);
    expect(problems[0]!.message).toMatch(/Bash\(npm test/);
  });
});

describe("a task's hook before every call (PreToolUse): the policy decides calls the CLI's own settings would let through", () => {
  it("the person's deny holds at PreToolUse, whatever Claude Code's own allow list says; recorded with the event and the task", async () => {
    const out = await runTaskHook('ruled', 'PreToolUse', 'curl example.com/x', 's2');
    expect(out.hookSpecificOutput).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'deny' });
    expect(out.hookSpecificOutput.permissionDecisionReason).toContain('rule Bash(curl:*) (deny) in');
    const records = (await readPermissionLog(join(hub.home, 'permissions.jsonl'))).records.filter((r) => r.detail === 'curl example.com/x');
    expect(records.map((r) => [r.event, r.task, r.decision])).toEqual([['PreToolUse', `${session}.ruled`, 'deny']]);
  });

  it('one call, two hooks: PreToolUse decides (autoApprove here) and is recorded; the permission hook of the same call takes that answer', async () => {
    const first = await runTaskHook('auto', 'PreToolUse', 'make lint', 's2');
    expect(first.hookSpecificOutput).toMatchObject({ permissionDecision: 'allow' });
    expect(await runTaskHook('auto', 'PermissionRequest', 'make lint', 's2')).toMatchObject({ hookSpecificOutput: { decision: { behavior: 'allow' } } });
    const records = (await readPermissionLog(join(hub.home, 'permissions.jsonl'))).records.filter((r) => r.detail === 'make lint');
    expect(records.map((r) => [r.event, r.decided_by.rule])).toEqual([['PreToolUse', 'autoApprove']]);
  });

  it("an ask the task's person answers once at PreToolUse: the person's No refuses the call there", async () => {
    const asked = runTaskHook('auto', 'PreToolUse', 'git push origin feature', 's2');
    expect((await waiting('auto')).interaction!.prompt).toBe('Claude Code wants to use Bash: git push origin feature');
    await hub.client.request('POST', `/api/tasks/${encodeURIComponent(`${session}.auto`)}/choose`, { option: 'No' });
    expect((await asked).hookSpecificOutput).toMatchObject({ permissionDecision: 'deny' });
  });
});
