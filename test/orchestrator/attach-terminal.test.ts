import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { PtyProgram, screenUntil } from '../../server/pty/index.js';
import { cliLauncher } from '../../server/package-info.js';
import type { TaskView } from '../../server/orchestrator/face/task-views.js';
import type { WorkflowSessionState } from '../../server/orchestrator/task/task-types.js';
import { hubSocket, orchestratorHome, startCapturedHub, type CapturedHub } from '../support/orchestrator-hub.js';

/** Waits until the attach client's screen shows `text` (or the client exits, or 30 s passed). */
async function screenShows(program: PtyProgram, text: string): Promise<void> {
  const outcome = await screenUntil(program, () => program.screen().lines.join('\n').includes(text), Date.now() + 30_000);
  if (outcome !== 'met') throw new Error(`attach ${outcome === 'exited' ? 'exited' : 'timed out'} before showing ${JSON.stringify(text)}:\n${program.transcript}`);
}

// Runs the built CLI (dist/): `npm run build` first.
describe('gatehouse attach in a terminal', () => {
  let hub: CapturedHub | null = null;
  let client: PtyProgram | null = null;
  afterEach(async () => {
    await client?.kill();
    await hub?.stop();
    if (hub) rmSync(hub.home, { recursive: true, force: true });
  });

  it('shows the task screen, passes keys through, and Ctrl-] detaches without ending the task', async () => {
    hub = await startCapturedHub(await orchestratorHome());
    const ws = await hubSocket(hub.client);
    await hub.client.request<{ session: WorkflowSessionState }>('POST', '/api/workflows', {
      workflow: { stages: [{ tasks: [{ name: 'pal', adapter: 'fake-agent', keepAlive: true }] }] },
    });
    const waiting = await ws.until((m) => m.type === 'task.updated' && m.task.status === 'WAITING_FOR_USER' && (m.task as TaskView));

    client = PtyProgram.spawn({ command: process.execPath, args: [cliLauncher, 'attach', 'pal'], env: hub.env as Record<string, string>, cols: 100, rows: 30 });
    await screenShows(client, 'Allow this action? (y/n)');
    await screenShows(client, 'Ctrl-] detaches');
    client.pressKeys([{ text: 'y' }, 'enter']);
    await screenShows(client, 'Action approved.');
    // The answer came from the attached person: the task resumed and went on to its idle prompt (DONE, kept alive).
    await ws.until((m) => m.type === 'task.updated' && m.task.id === waiting.id && m.task.status === 'DONE');
    client.pressKeys([{ text: 'hello from the terminal' }, 'enter']);
    await screenShows(client, 'You said: hello from the terminal');
    client.write('\x1d');
    const exit = await client.exited;
    expect(exit.exitCode).toBe(0);
    expect(exit.output).toContain(`detached from ${waiting.id}; it keeps running`);
    const { task } = await hub.client.request<{ task: TaskView }>('GET', `/api/tasks/${encodeURIComponent(waiting.id)}`);
    expect(task).toMatchObject({ status: 'DONE', alive: true });
    ws.close();
    await hub.client.request('POST', `/api/tasks/${encodeURIComponent(waiting.id)}/stop`);
  });
});
