import WebSocket from 'ws';
import { ensureHub } from '../../hub-client/ensure-hub.js';
import type { TaskView } from '../../orchestrator/face/task-views.js';
import type { CliCommand } from '../command.js';

/** Ctrl-] — detach without ending the task (as telnet). */
export const DETACH_KEY = '\x1d';

export const attachCommand: CliCommand = {
  name: 'attach',
  summary: "take over a task's terminal here (Ctrl-] detaches; the task keeps running)",
  help: `Usage: gatehouse attach <task>

Connects this terminal to a running task's pseudo-terminal through the hub: you see its screen, your keys
go to the program, and your window size is passed on. Press Ctrl-] to detach — the task keeps running and
can be attached again (here or in the portal). TASK is the task id (see \`gatehouse tasks\`) or its name
when that is unique.`,
  allowPositionals: true,
  async run(args, io) {
    const ref = args.positionals[0];
    if (!ref) {
      io.stderr.write('gatehouse attach: name a task (see `gatehouse tasks`)\n');
      return 2;
    }
    const hub = await ensureHub({ start: false });
    const { task } = await hub.request<{ task: TaskView }>('GET', `/api/tasks/${encodeURIComponent(ref)}`);
    const socket = new WebSocket(hub.wsUrl(`/api/tasks/${encodeURIComponent(task.id)}/terminal`));
    const stdin = io.stdin;
    const raw = stdin.isTTY === true;
    io.stderr.write(`attached to ${task.id} (${task.status}) — Ctrl-] detaches\r\n`);
    return await new Promise<number>((resolve) => {
      let code = 0;
      const sendSize = () => {
        if (io.stdout.isTTY && socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'terminal.resize', cols: io.stdout.columns, rows: io.stdout.rows }));
      };
      const onInput = (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        const cut = text.indexOf(DETACH_KEY);
        if (cut >= 0) {
          if (cut > 0) socket.send(JSON.stringify({ type: 'terminal.input', data: text.slice(0, cut) }));
          finish(0, `\r\ndetached from ${task.id}; it keeps running (gatehouse attach ${task.id})\r\n`);
          return;
        }
        socket.send(JSON.stringify({ type: 'terminal.input', data: text }));
      };
      let finished = false;
      const finish = (exitCode: number, message: string) => {
        if (finished) return;
        finished = true;
        stdin.off('data', onInput);
        io.stdout.off('resize', sendSize);
        if (raw) stdin.setRawMode(false);
        stdin.pause();
        io.stderr.write(message);
        socket.close();
        resolve(exitCode);
      };
      socket.on('open', () => {
        if (raw) stdin.setRawMode(true);
        stdin.resume();
        stdin.on('data', onInput);
        io.stdout.on('resize', sendSize);
        sendSize();
      });
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { type: string; data?: string; code?: number | null; message?: string };
        if (message.type === 'terminal.output') io.stdout.write(message.data ?? '');
        else if (message.type === 'terminal.exit') code = message.code ?? 1;
        else if (message.type === 'terminal.error') io.stderr.write(`\r\ngatehouse attach: ${message.message}\r\n`);
      });
      socket.on('close', (closeCode) => {
        if (closeCode === 4404) finish(1, '');
        else finish(code, `\r\n${task.id} ended (exit code ${code})\r\n`);
      });
      socket.on('error', (error) => finish(1, `\r\ngatehouse attach: ${error.message}\r\n`));
    });
  },
};
