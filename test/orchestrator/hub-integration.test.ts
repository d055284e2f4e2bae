import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { groupAlive } from '../../server/pty/index.js';
import type { TaskView } from '../../server/orchestrator/face/task-views.js';
import type { WorkflowSessionState } from '../../server/orchestrator/task/task-types.js';
import type { HubRequestError } from '../../server/hub-client/hub-client.js';
import { fileURLToPath } from 'node:url';
import { FAKE_AGENT } from '../support/orchestrator-fixture.js';
import { hubSocket, orchestratorHome, runCli, startCapturedHub, type CapturedHub } from '../support/orchestrator-hub.js';

const RAW_LINE_READER = fileURLToPath(new URL('../fixtures/programs/pty/raw-line-reader.mjs', import.meta.url));

// Integration tests run the built CLI and hub (dist/): `npm run build` first.
describe('orchestrated tasks in the hub', () => {
  const hubs: CapturedHub[] = [];
  const homes: string[] = [];
  afterEach(async () => {
    for (const hub of hubs.splice(0)) await hub.stop();
    for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
  });

  async function hubWithHome() {
    const home = await orchestratorHome();
    homes.push(home);
    const hub = await startCapturedHub(home);
    hubs.push(hub);
    return hub;
  }

  it('gatehouse run: a background task that waits raises task.updated + a person-waiting row; nothing reaches stdout', async () => {
    const hub = await hubWithHome();
    const ws = await hubSocket(hub.client);
    const file = `${hub.home}/flow.yaml`;
    writeFileSync(file, 'name: review\ngoal: check the plan\nstages:\n  - tasks:\n      - name: agent\n        adapter: fake-agent\n        pendingInputs: [SECRET-INPUT-LINE]\n');
    const cli = runCli(['run', file], hub.env, hub.home);

    const waiting = await ws.until((m) => m.type === 'task.updated' && m.task.status === 'WAITING_FOR_USER' && (m.task as TaskView));
    expect(waiting.interaction?.screen).toContain('Allow this action? (y/n)');
    const row = await ws.until((m) => m.type === 'interactions.delta' && [...m.added, ...m.changed].find((r: any) => r.kind === 'task' && r.id === waiting.id && r.waiting_on === 'person'));
    expect(row).toMatchObject({ status: 'WAITING_FOR_USER', interface: 'pty', active: true, href: `/tasks/${encodeURIComponent(waiting.id)}`, source: expect.objectContaining({ kind: 'orchestrator', agent: waiting.adapter, task: waiting.name, workflow: expect.any(String), project: expect.any(String) }) });
    const listed = await hub.client.request<{ interactions: any[] }>('GET', '/api/interactions?filter=active');
    expect(listed.interactions.some((r) => r.id === waiting.id && r.waiting_on === 'person')).toBe(true);

    await hub.client.request('POST', `/api/tasks/${encodeURIComponent(waiting.id)}/input`, { text: 'y' });
    const result = await cli.done;
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/agent\s+WAITING_FOR_USER — "Allow this action\? \(y\/n\)"/);
    expect(result.stdout).toMatch(/DONE\n$/);
    // Output isolation: the task's own output never reaches the CLI's or the hub's stdout.
    for (const leak of ['Fake Agent', 'SECRET-INPUT-LINE', 'You said', 'Action approved']) {
      expect(result.stdout + result.stderr).not.toContain(leak);
      expect(hub.stdout()).not.toContain(leak);
    }
    expect(hub.stdout()).toBe('');
    const task = await hub.client.request<{ task: TaskView }>('GET', `/api/tasks/${encodeURIComponent(waiting.id)}`);
    expect(task.task).toMatchObject({ status: 'DONE', goal: null, session: { name: 'review', goal: 'check the plan', status: 'DONE' } });
    ws.close();
  });

  it('POST /api/workflows names the field of a bad workflow; choose applies a parsed option', async () => {
    const hub = await hubWithHome();
    const bad = await hub.client.request<never>('POST', '/api/workflows', { workflow: { stages: [{ tasks: [{ adapter: 'bash', keepAlive: 1 }] }] } }).catch((e: HubRequestError) => e);
    expect(bad.status).toBe(400);
    expect(bad.problems).toEqual([{ field: 'stages[0].tasks[0].keepAlive', message: 'must be true or false' }]);

    const { session } = await hub.client.request<{ session: WorkflowSessionState }>('POST', '/api/workflows', {
      workflow: {
        stages: [{ tasks: [{ name: 'menu', command: process.execPath, args: [FAKE_AGENT, '--auto-approve'], idle: ['^> ?$'], busy: ['esc to interrupt'], pendingInputs: ['/menu'] }] }],
      },
    });
    const ws = await hubSocket(hub.client);
    const waiting = await ws.until((m) => m.type === 'task.updated' && m.task.status === 'WAITING_FOR_USER' && (m.task as TaskView));
    ws.close();
    expect(waiting.interaction).toMatchObject({ prompt: expect.stringContaining('Pick a model'), options: [{ index: 0, text: 'fast-small' }, { index: 1, text: 'balanced-medium' }, { index: 2, text: 'careful-large' }] });
    const unknown = await hub.client.request<never>('POST', `/api/tasks/${encodeURIComponent(waiting.id)}/choose`, { option: 'gigantic' }).catch((e: HubRequestError) => e);
    expect(unknown.status).toBe(400);
    expect(unknown.problems[0].field).toBe('option');
    await hub.client.request('POST', `/api/tasks/${encodeURIComponent(waiting.id)}/choose`, { option: 'careful' });
    let s = session;
    while (s.status !== 'DONE' && s.status !== 'FAILED') s = (await hub.client.request<{ session: WorkflowSessionState }>('GET', `/api/workflows/${s.id}/wait?since=${encodeURIComponent(s.updatedAt)}&seconds=10`)).session;
    expect(s.status).toBe('DONE');
    const screen = await hub.client.request<{ task: TaskView }>('GET', `/api/tasks/${encodeURIComponent(waiting.id)}`);
    expect(screen.task.status).toBe('DONE');
  });

  it('POST /input with text the screen neither shows nor answers: 409 quoting the screen, no Enter pressed', async () => {
    const hub = await hubWithHome();
    await hub.client.request('POST', '/api/workflows', { workflow: { stages: [{ tasks: [{ name: 'silent', command: process.execPath, args: [RAW_LINE_READER, 'silent'] }] }] } });
    const ws = await hubSocket(hub.client);
    const waiting = await ws.until((m) => m.type === 'task.updated' && m.task.status === 'WAITING_FOR_USER' && (m.task as TaskView));
    ws.close();
    const path = `/api/tasks/${encodeURIComponent(waiting.id)}`;
    const refused = await hub.client.request<never>('POST', `${path}/input`, { text: 'abc' }).catch((e: HubRequestError) => e);
    expect(refused.status).toBe(409);
    expect(refused.message).toContain('typed "abc": the screen neither showed it nor changed');
    expect(refused.message).toContain('--- screen ---\nToken:');
    const now = await hub.client.request<{ task: TaskView; screen: string }>('GET', path);
    expect(now.task.status).not.toMatch(/DONE|FAILED/);
    expect(now.screen).not.toContain('got');
  });

  it('gatehouse run rejects a bad file naming the field; gatehouse tasks lists tasks with what they ask', async () => {
    const hub = await hubWithHome();
    writeFileSync(`${hub.home}/bad.yaml`, 'stages:\n  - tasks:\n      - adapter: bash\n        pendingInputs: ls\n');
    const bad = await runCli(['run', `${hub.home}/bad.yaml`], hub.env).done;
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('stages[0].tasks[0].pendingInputs: must be a list of strings');

    writeFileSync(`${hub.home}/ok.yaml`, 'stages:\n  - tasks:\n      - name: asker\n        adapter: fake-agent\n');
    const started = await runCli(['run', `${hub.home}/ok.yaml`, '--detach'], hub.env).done;
    expect(started.code).toBe(0);
    const ws = await hubSocket(hub.client);
    const waiting = await ws.until((m) => m.type === 'task.updated' && m.task.status === 'WAITING_FOR_USER' && (m.task as TaskView));
    ws.close();
    const listed = await runCli(['tasks'], hub.env).done;
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^${waiting.id.replace('.', '\\.')}\\s+WAITING_FOR_USER\\s+fake-agent\\s+AWAITING_INTERACTION\\s+asks: Allow this action\\? \\(y/n\\)$`, 'm'));
    const stopped = await runCli(['tasks', '--stop', 'asker'], hub.env).done;
    expect(stopped.code).toBe(0);
    const json = JSON.parse((await runCli(['tasks', '--json'], hub.env).done).stdout) as { tasks: TaskView[] };
    expect(json.tasks[0]).toMatchObject({ id: waiting.id, status: 'FAILED', error: 'stopped by a person', alive: false });
  });

  it('resume after kill -9 of the hub continues from the saved stage', async () => {
    const hub = await hubWithHome();
    const work = hub.home;
    const file = `${work}/two-stages.json`;
    writeFileSync(
      file,
      JSON.stringify({
        stages: [{ tasks: [{ name: 'first', command: 'bash', args: ['-c', 'touch first.$RANDOM$RANDOM'] }] }, { tasks: [{ name: 'second', adapter: 'fake-agent' }] }],
      }),
    );
    const started = runCli(['run', file, '--detach'], hub.env, work);
    const { stdout } = await started.done;
    const sessionId = /started (wf-[0-9a-f]+)/.exec(stdout)![1];
    const ws = await hubSocket(hub.client);
    const waiting = await ws.until((m) => m.type === 'task.updated' && m.task.name === 'second' && m.task.status === 'WAITING_FOR_USER' && (m.task as TaskView));
    ws.close();
    await hub.kill9();
    hubs.splice(hubs.indexOf(hub), 1);
    // The PTY master died with the hub: the old agent gets SIGHUP and goes (no orphan left behind).
    while (groupAlive(waiting.pid!)) await new Promise((r) => setTimeout(r, 20));

    const again = await startCapturedHub(hub.home);
    hubs.push(again);
    const { session } = await again.client.request<{ session: WorkflowSessionState }>('GET', `/api/workflows/${sessionId}`);
    expect(session).toMatchObject({ status: 'INTERRUPTED', currentStageIndex: 1 });

    const ws2 = await hubSocket(again.client);
    const resumed = runCli(['run', '--resume', sessionId], again.env, work);
    const rewaiting = await ws2.until((m) => m.type === 'task.updated' && m.task.name === 'second' && m.task.status === 'WAITING_FOR_USER' && (m.task as TaskView));
    expect(rewaiting.pid).not.toBe(waiting.pid);
    await again.client.request('POST', `/api/tasks/${encodeURIComponent(rewaiting.id)}/input`, { text: 'y' });
    const result = await resumed.done;
    expect(result.stdout).toContain(`resumed ${sessionId} (two-stages) at stage 2/2`);
    expect(result.code).toBe(0);
    expect(readdirSync(work).filter((f) => f.startsWith('first.'))).toHaveLength(1);
    ws2.close();
  });
});
