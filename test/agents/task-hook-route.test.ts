// POST /api/tasks/:id/hooks/:agent/:event with bad input: every problem named by its field, nothing asked; two
// hooks on one tool call (the task's own and one installed by hand) share one question that neither's own wait
// can take from the other; and the installed hook process, run inside its CLI's task, steps aside.
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookCommandLine } from '../../server/agents/hook-command-line.js';
import type { HubRequestError } from '../../server/hub-client/hub-client.js';
import type { WorkflowSessionState } from '../../server/orchestrator/task/task-types.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

let hub: TestHub;
let taskId: string;
beforeAll(async () => {
  hub = await startTestHub();
  // A live task with no hooks of its own: the route still answers for it (a hook may be installed by hand).
  const task = { name: 'sleeper', command: 'sleep', args: ['60'], interactive: false };
  const { session } = await hub.client.request<{ session: WorkflowSessionState }>('POST', '/api/workflows', { workflow: { stages: [{ tasks: [task] }] } });
  taskId = `${session.id}.sleeper`;
});
afterAll(async () => {
  await hub.client.request('POST', `/api/tasks/${encodeURIComponent(taskId)}/stop`).catch(() => undefined);
  await hub.stop();
});

const post = (path: string, body: unknown) => hub.client.request<never>('POST', path, body).catch((e: HubRequestError) => e);

describe("a task's hook route refuses what it cannot answer", () => {
  it('names the agent, the event, the input and the task', async () => {
    const base = `/api/tasks/${encodeURIComponent(taskId)}/hooks`;
    const agent = await post(`${base}/aider/PermissionRequest`, { input: {} });
    expect(agent.status).toBe(400);
    expect(agent.problems).toEqual([{ field: 'agent', message: 'unknown agent "aider" (gatehouse answers the hooks of: claude, codex, gemini, qwen)' }]);
    const event = await post(`${base}/claude/PostToolUse`, { input: {} });
    expect(event.problems).toEqual([{ field: 'event', message: 'Claude Code hook event "PostToolUse" is not one gatehouse answers (PreToolUse, PermissionRequest, Stop, Notification)' }]);
    const body = await post(`${base}/claude/PermissionRequest`, { input: 'ls', wait_seconds: -1 });
    expect(body.problems.map((p) => p.field).sort()).toEqual(['input', 'wait_seconds']);
    const input = await post(`${base}/claude/PermissionRequest`, { input: { tool_input: {} } });
    expect(input.problems).toEqual([{ field: 'input', message: 'hook input: "tool_name" must be a non-empty string (got nothing)' }]);
    const unknown = await post('/api/tasks/wf-nope.t/hooks/claude/PermissionRequest', { input: { tool_name: 'Bash' } });
    expect(unknown.status).toBe(404);
    const task = (await hub.client.request<{ task: { status: string; interaction: unknown } }>('GET', `/api/tasks/${encodeURIComponent(taskId)}`)).task;
    expect(task).toMatchObject({ status: 'RUNNING', interaction: null });
  });
});

describe("a task's notice hook", () => {
  it("is recorded in the task's explain lines, the CLI's words quoted, and changes no status", async () => {
    const path = `/api/tasks/${encodeURIComponent(taskId)}`;
    const input = { hook_event_name: 'Notification', notification_type: 'permission_prompt', message: 'Claude needs your permission to use Bash' };
    const answer = await hub.client.request<{ decided_by: string }>('POST', `${path}/hooks/claude/Notification`, { input });
    expect(answer.decided_by).toBe('Claude Code Notification hook');
    const task = (await hub.client.request<{ task: { status: string; explain: string[] } }>('GET', path)).task;
    expect(task.status).toBe('RUNNING');
    expect(task.explain.at(-1)).toMatch(/ RUNNING · Claude Code Notification hook permission_prompt: "Claude needs your permission to use Bash"$/);
  });
});

const input = { hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command: 'rm -rf build' }, cwd: '/tmp' };
type Decided = { decision: string; message: string; decided_by: string };
const getTask = async () => (await hub.client.request<{ task: { status: string; interaction: { prompt: string } | null } }>('GET', `/api/tasks/${encodeURIComponent(taskId)}`)).task;
async function taskWaiting() {
  for (;;) {
    const task = await getTask();
    if (task.status === 'WAITING_FOR_USER') return task;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('two hooks on one tool call', () => {
  it("one question; the installed hook's own wait ending leaves it to the task's hook; the person's answer reaches it", async () => {
    const path = `/api/tasks/${encodeURIComponent(taskId)}/hooks/claude/PermissionRequest`;
    const tasks = hub.client.request<Decided>('POST', path, { input });
    await taskWaiting();
    // A hand-installed hook with a 1 s wait joins the same question, and gives up first.
    const installed = await hub.client.request<Decided>('POST', path, { input, wait_seconds: 1 });
    expect(installed).toMatchObject({ decision: 'ask', message: 'nobody answered in gatehouse within 1 s' });
    expect(await getTask()).toMatchObject({ status: 'WAITING_FOR_USER', interaction: { prompt: 'Claude Code wants to use Bash: rm -rf build' } });
    await hub.client.request('POST', `/api/tasks/${encodeURIComponent(taskId)}/choose`, { option: 'No' });
    expect(await tasks).toMatchObject({ decision: 'deny', decided_by: 'Claude Code PermissionRequest hook: the person (web): no' });
    expect((await getTask()).status).toBe('RUNNING');
  });
});

/** The hook process as the CLI runs it (through a shell, the hook JSON on stdin), with the task's environment. */
function runHook(commandLine: string, env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile('/bin/sh', ['-c', commandLine], { env: { ...process.env, GATEHOUSE_HOME: hub.home, ...env } }, (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: number }).code) : 0, stdout, stderr }),
    );
    child.stdin!.end(JSON.stringify(input));
  });
}

describe('an installed hook inside a task of its own CLI', () => {
  const inside = () => ({ GATEHOUSE_TASK_ID: taskId, GATEHOUSE_TASK_AGENT: 'claude' });

  it('answers nothing at once (no decision: the task\'s own hook decides) and asks no one', async () => {
    const ran = await runHook(hookCommandLine('claude', 'PermissionRequest', 120), inside());
    expect(ran).toEqual({ code: 0, stdout: '', stderr: `gatehouse hook: inside gatehouse task ${taskId}, whose own hook answers; this one stays out\n` });
    expect((await getTask()).status).toBe('RUNNING');
    const { interactions } = await hub.client.request<{ interactions: Array<{ status: string }> }>('GET', '/api/interactions?filter=active');
    expect(interactions.filter((i) => i.status === 'pending' || i.status === 'WAITING_FOR_USER')).toEqual([]);
  });

  it("while the task's own hook (--task) asks the person as the task's", async () => {
    const ran = runHook(hookCommandLine('claude', 'PermissionRequest', 120, taskId), inside());
    expect((await taskWaiting()).interaction!.prompt).toBe('Claude Code wants to use Bash: rm -rf build');
    await hub.client.request('POST', `/api/tasks/${encodeURIComponent(taskId)}/choose`, { index: 0 });
    expect(JSON.parse((await ran).stdout)).toEqual({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } });
  });
});
