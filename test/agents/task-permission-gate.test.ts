// A task's permission request under `gatehouse run` is a permission gate like one from a hook run by hand (issue
// 21, one path): it reaches Telegram with the grant buttons, is recorded with its gate, and its grants hold on
// either route — "this session" lets the same request through with no gate whichever route it takes next, and
// "always" writes the rule that decides the next one. A real hub, its Telegram stand-in, a live task.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPaths } from '../../server/config/data-paths.js';
import { readPermissionLog } from '../../server/policy/permission-log.js';
import type { WorkflowSessionState } from '../../server/orchestrator/task/task-types.js';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { messageFor, startTelegramHub } from '../support/telegram-channel.js';
import { TelegramBotApiStandin } from '../support/telegram-bot-api-standin.js';
import type { TestHub } from '../support/test-hub.js';
import type { TestMcp } from '../support/mcp-client.js';

let standin: TelegramBotApiStandin;
let hub: TestHub;
let mcp: TestMcp;
let taskId: string;
let taskName: string;
let project: string;
beforeAll(async () => {
  project = await mkdtemp(join(tmpdir(), 'gatehouse-task-project-'));
  standin = await TelegramBotApiStandin.start();
  ({ hub, mcp } = await startTelegramHub(standin));
  const task = { name: 'builder', command: 'sleep', args: ['120'], interactive: false };
  const { session } = await hub.client.request<{ session: WorkflowSessionState }>('POST', '/api/workflows', { workflow: { name: 'nightly', stages: [{ tasks: [task] }] } });
  taskId = `${session.id}.builder`;
  taskName = 'builder';
});
afterAll(async () => {
  await hub.client.request('POST', `/api/tasks/${encodeURIComponent(taskId)}/stop`).catch(() => undefined);
  await mcp?.close();
  await hub?.stop();
  await standin?.stop();
  await rm(project, { recursive: true, force: true });
});

type Decided = { decision: string; message: string; decided_by: string | { text: string }; session_id?: string | null };
const bash = (command: string, session = 'claude-session-1') => ({ hook_event_name: 'PermissionRequest', session_id: session, tool_name: 'Bash', tool_input: { command }, cwd: project });
const inTask = (input: Record<string, unknown>) => hub.client.request<Decided>('POST', `/api/tasks/${encodeURIComponent(taskId)}/hooks/claude/PermissionRequest`, { input, wait_seconds: 60 });
const byHand = (input: Record<string, unknown>) => hub.client.request<Decided & { decided_by: { text: string } }>('POST', '/api/hooks/claude/permission', { input, wait_seconds: 60 });
const taskNow = async () => (await hub.client.request<{ task: { status: string; interaction: { gate?: string; options: Array<{ text: string }> } | null } }>('GET', `/api/tasks/${encodeURIComponent(taskId)}`)).task;
async function gateOfTask(): Promise<string> {
  for (;;) {
    const gate = (await taskNow()).interaction?.gate;
    if (gate) return gate;
    await new Promise((r) => setTimeout(r, 20));
  }
}
const session = async (id: string) => (await hub.client.request<{ session: ChoiceSessionView }>('GET', `/api/sessions/${id}`)).session;

describe("a task's permission request is a permission gate", () => {
  it('reaches Telegram with the grant buttons; "this session" there lets the same request through with no gate, on either route', async () => {
    const first = inTask(bash('npm run lint'));
    const gate = await gateOfTask();
    const message = await messageFor(standin, gate);
    expect(message.text).toContain('npm run lint');
    expect(message.text).toContain(`nightly/${taskName}`);
    const labels = message.buttons.map((b) => b.text);
    expect(labels.slice(0, 2)).toEqual(['Yes, allow this once', 'Yes, for the rest of this session']);
    expect(labels).toContainEqual(expect.stringMatching(/^Yes, and always allow Bash\(npm run lint/));
    expect(labels).toContain('No');
    expect(labels).toContainEqual(expect.stringMatching(/^No, and never allow Bash\(npm run lint/));

    standin.tapLabel(message.message_id, 'Yes, for the rest of this session');
    expect(await first).toMatchObject({ decision: 'allow' });
    expect((await session(gate)).decided_by).toMatchObject({ kind: 'person', via: 'telegram', option: 'session' });
    expect((await taskNow()).status).toBe('RUNNING');

    // The same agent session asks again, inside the task and by hand: the grant answers, no gate is made.
    const gates = async () => (await hub.client.request<{ interactions: Array<{ kind: string }> }>('GET', '/api/interactions?filter=all')).interactions.filter((i) => i.kind === 'choice').length;
    const gatesBefore = await gates();
    expect(await inTask(bash('npm run lint'))).toMatchObject({ decision: 'allow', decided_by: expect.stringContaining('session grant') });
    expect(await byHand(bash('npm run lint'))).toMatchObject({ decision: 'allow', session_id: null, decided_by: { kind: 'session-grant' } });
    expect(await gates()).toBe(gatesBefore);

    // A new agent session is asked again.
    const other = inTask(bash('npm run lint', 'claude-session-2'));
    const again = await gateOfTask();
    expect(again).not.toBe(gate);
    await hub.client.request('POST', `/api/tasks/${encodeURIComponent(taskId)}/choose`, { option: 'No' });
    expect(await other).toMatchObject({ decision: 'deny' });

    // The record: every request, with its gate and who decided, under the task.
    const { records } = await readPermissionLog(dataPaths(hub.home).permissionLog);
    expect(records.map((r) => [r.task, r.gate, r.decided_by.kind, r.decision])).toEqual([
      [taskId, gate, 'person', 'allow'],
      [taskId, null, 'session-grant', 'allow'],
      [undefined, null, 'session-grant', 'allow'],
      [taskId, again, 'person', 'deny'],
    ]);
  });

  it('"always" from the task writes the rule into the person\'s policy, and the next request is decided by it with no gate', async () => {
    const first = inTask(bash('make docs', 'claude-session-3'));
    const gate = await gateOfTask();
    const always = (await taskNow()).interaction!.options.find((o) => o.text.startsWith('Yes, and always allow'))!;
    expect(always.text).toBe('Yes, and always allow Bash(make docs)');
    await hub.client.request('POST', `/api/tasks/${encodeURIComponent(taskId)}/choose`, { option: always.text });
    expect(await first).toMatchObject({ decision: 'allow' });
    const policy = await readFile(join(hub.home, 'policy.yaml'), 'utf8');
    expect(policy).toContain('Bash(make docs)');
    expect(policy).toContain(gate);
    const next = await inTask(bash('make docs', 'claude-session-4'));
    expect(next).toMatchObject({ decision: 'allow', decided_by: expect.stringContaining('rule Bash(make docs) (allow)') });
  });

  it("Gemini CLI inside a task: a session grant is an allow (the task runs it in yolo, its hook is the gate), not its own dialog", async () => {
    const gemini = (command: string) => ({ hook_event_name: 'BeforeTool', session_id: 'gemini-session-1', tool_name: 'run_shell_command', tool_input: { command }, cwd: project });
    const path = `/api/tasks/${encodeURIComponent(taskId)}/hooks/gemini/BeforeTool`;
    const first = hub.client.request<Decided>('POST', path, { input: gemini('npm run fmt'), wait_seconds: 60 });
    await gateOfTask();
    await hub.client.request('POST', `/api/tasks/${encodeURIComponent(taskId)}/choose`, { option: 'for the rest of this session' });
    expect(await first).toMatchObject({ decision: 'allow' });
    expect(await hub.client.request<Decided>('POST', path, { input: gemini('npm run fmt'), wait_seconds: 60 })).toMatchObject({ decision: 'allow', decided_by: expect.stringContaining('session grant') });
  });
});
