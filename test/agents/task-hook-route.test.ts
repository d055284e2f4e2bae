// POST /api/tasks/:id/hooks/:agent/:event with bad input: every problem named by its field, nothing asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubRequestError } from '../../server/hub-client/hub-client.js';
import type { WorkflowSessionState } from '../../server/orchestrator/task-types.js';
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
    const event = await post(`${base}/claude/PreToolUse`, { input: {} });
    expect(event.problems).toEqual([{ field: 'event', message: 'Claude Code hook event "PreToolUse" is not one gatehouse answers (PermissionRequest, Stop, Notification)' }]);
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
