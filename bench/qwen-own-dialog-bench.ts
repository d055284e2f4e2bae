// Bench rows: what Qwen Code's first permission request costs without gatehouse's hook — the side-by-side for
// its ~2 s first request (docs/orchestrator.md#benchmark). The project's settings switch hooks off
// (`disableAllHooks`), so Qwen draws its own dialog, as a person running it alone would see it:
// - drawn: from the model stand-in replying with the tool call to "Allow execution of" on Qwen's screen, rendered
//   from the task's terminal WebSocket by the shared TerminalScreen — Qwen's own time, no gatehouse code on the path;
// - read: to the task WAITING_FOR_USER on that dialog, read off the screen (gatehouse's fallback route: it reads
//   only once Qwen waits for input, idle on its terminal with no thread running).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import WebSocket from 'ws';
import { TerminalScreen } from '../server/pty/terminal-screen.js';
import type { WorkflowSessionState } from '../server/orchestrator/task/task-types.js';
import { COMMAND, PROMPT } from '../test/support/agent-hook-run.js';
import { installedVersion, prepareAgent, WIRE_FORMATS } from '../test/support/model-standins/agent-setups.js';
import { startModelStandin } from '../test/support/model-standins/standin-server.js';
import type { TestHub } from '../test/support/test-hub.js';
import { summarise, type BenchRow } from './bench-row.js';
import { now, taskPushed } from './support/task-pushed.js';

const DIALOG = 'Allow execution of';

/** Epoch ms at which the task's rendered screen first shows `text` (attaching as soon as its terminal exists). */
async function drawnOnScreen(hub: TestHub, taskId: string, text: string): Promise<number> {
  for (;;) {
    const socket = new WebSocket(hub.client.wsUrl(`/api/tasks/${encodeURIComponent(taskId)}/terminal`));
    const found = await new Promise<number | null>((resolve, reject) => {
      const screen = new TerminalScreen(200, 50, () => undefined);
      socket.on('message', (raw) => {
        const at = now();
        const message = JSON.parse(String(raw)) as { type: string; data?: string };
        if (message.type === 'terminal.error') return resolve(null);
        if (message.type !== 'terminal.output' || !message.data) return;
        screen.write(message.data);
        void screen.parsed().then(() => {
          if (screen.view().lines.some((l) => l.includes(text))) resolve(at);
        });
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(null));
    });
    socket.close();
    if (found !== null) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function oneRun(hub: TestHub, socket: WebSocket, i: number): Promise<{ drawn: number; read: number }> {
  let askedAt = 0;
  const standin = await startModelStandin(WIRE_FORMATS.qwen, [{ shell: COMMAND }, { text: 'All done.' }], {
    beforeReply: async () => {
      if (JSON.stringify(standin.requests.at(-1)?.answered ?? null).includes('hello-from-standin')) askedAt = now();
    },
  });
  const launch = prepareAgent('qwen', standin.url, { seed: 'ready' });
  const settings = join(launch.cwd, '.qwen/settings.json');
  mkdirSync(dirname(settings), { recursive: true });
  writeFileSync(settings, JSON.stringify({ disableAllHooks: true }));
  let taskId = '';
  try {
    const task = { name: `qwen-own${i}`, adapter: 'qwen', pendingInputs: [PROMPT], args: launch.args, env: launch.env };
    const { session } = await hub.client.request<{ session: WorkflowSessionState }>('POST', '/api/workflows', { workflow: { stages: [{ tasks: [task] }] }, cwd: launch.cwd });
    taskId = `${session.id}.${task.name}`;
    const read = taskPushed(socket, taskId, (t) => t.status === 'WAITING_FOR_USER' && (t.interaction?.screen ?? '').includes(DIALOG));
    const drawnAt = await drawnOnScreen(hub, taskId, DIALOG);
    return { drawn: drawnAt - askedAt, read: (await read) - askedAt };
  } finally {
    if (taskId) await hub.client.request('POST', `/api/tasks/${encodeURIComponent(taskId)}/stop`).catch(() => undefined);
    await standin.close();
    launch.dispose();
  }
}

export async function qwenOwnDialogRows(hub: TestHub, socket: WebSocket, runs: number): Promise<BenchRow[]> {
  const figures: { drawn: number; read: number }[] = [];
  for (let i = 0; i < runs; i++) figures.push(await oneRun(hub, socket, i));
  const label = `qwen ${installedVersion('qwen') ?? ''}`;
  return [
    summarise(`${label}: without the hook (project's disableAllHooks), its own dialog drawn`, figures.map((f) => f.drawn), { note: "the session's first, from the tool call: Qwen's own time, what a person running it alone waits" }),
    summarise(`${label}:   → task WAITING_FOR_USER, read off its screen`, figures.map((f) => f.read), { note: 'the fallback route: read once Qwen waits for input' }),
  ];
}
