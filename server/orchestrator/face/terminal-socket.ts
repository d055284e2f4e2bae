import type { FastifyInstance } from 'fastify';
import { parseMessage } from '../../../shared/ws-messages.js';
import type { Orchestrator } from '../orchestrator.js';

/**
 * Messages on a task's terminal WebSocket (`/api/tasks/:id/terminal`), JSON text frames.
 * Server → client: `{type:'terminal.output', data}` (the first one repaints the screen so far),
 * `{type:'terminal.status', task}`, `{type:'terminal.exit', code}`, `{type:'terminal.error', message}`.
 * Client → server: `{type:'terminal.input', data}` (raw keystrokes), `{type:'terminal.resize', cols, rows}`.
 * Closing the socket detaches; the task keeps running.
 */
export type TerminalServerMessage =
  | { type: 'terminal.output'; data: string }
  | { type: 'terminal.status'; task: unknown }
  | { type: 'terminal.exit'; code: number | null }
  | { type: 'terminal.error'; message: string };

export function registerTerminalSocket(app: FastifyInstance, orchestrator: Orchestrator, hold: (reason: string) => () => void): void {
  app.get<{ Params: { id: string } }>('/api/tasks/:id/terminal', { websocket: true }, (socket, request) => {
    const send = (message: TerminalServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const found = orchestrator.findTask(request.params.id);
    const terminal = found?.runner?.terminal;
    if (!found || !terminal || terminal.exited) {
      send({ type: 'terminal.error', message: found ? `task ${found.task.id} has no running process (${found.task.status})` : `no task "${request.params.id}"` });
      socket.close(4404, 'no running task');
      return;
    }
    const runner = found.runner!;
    const release = hold(`terminal attached to ${found.task.id}`);
    send({ type: 'terminal.status', task: found.task });
    send({ type: 'terminal.output', data: terminal.snapshot() });
    const offData = terminal.onData((data) => send({ type: 'terminal.output', data }));
    const offExit = terminal.onExit(({ code }) => {
      send({ type: 'terminal.exit', code });
      socket.close(1000, 'task ended');
    });
    const onTask = (task: { id: string }) => {
      if (task.id === found.task.id) send({ type: 'terminal.status', task });
    };
    orchestrator.on('task', onTask);
    socket.on('message', (raw) => {
      const message = parseMessage<{ type: string; data?: unknown; cols?: unknown; rows?: unknown }>(String(raw));
      if (!message) return;
      try {
        if (message.type === 'terminal.input' && typeof message.data === 'string') runner.write(message.data);
        else if (message.type === 'terminal.resize' && Number.isInteger(message.cols) && Number.isInteger(message.rows)) {
          terminal.resize(Math.max(20, Math.min(500, message.cols as number)), Math.max(5, Math.min(200, message.rows as number)));
        }
      } catch (error) {
        send({ type: 'terminal.error', message: (error as Error).message });
      }
    });
    socket.on('close', () => {
      offData();
      offExit();
      orchestrator.off('task', onTask);
      release();
    });
  });
}
