import { ensureHub } from '../../hub-client/ensure-hub.js';
import type { TaskView } from '../../orchestrator/face/task-views.js';
import type { CliCommand } from '../command.js';

export const tasksCommand: CliCommand = {
  name: 'tasks',
  summary: 'list orchestrated tasks (running, waiting for you, finished)',
  help: `Usage: gatehouse tasks [--active] [--json]
       gatehouse tasks --stop <task>

Lists the tasks of every workflow session the hub knows, newest session first, with what a waiting task asks.

Options:
  --active      only tasks that are not DONE/FAILED, or whose process is still alive (keepAlive)
  --json        print the hub's JSON
  --stop TASK   end a task's process (e.g. a keepAlive task); TASK is its id or its unique name`,
  options: { active: { type: 'boolean' }, json: { type: 'boolean' }, stop: { type: 'string' } },
  async run(args, io) {
    const hub = await ensureHub();
    if (typeof args.values.stop === 'string') {
      await hub.request('POST', `/api/tasks/${encodeURIComponent(args.values.stop)}/stop`);
      io.stdout.write(`stopped ${args.values.stop}\n`);
      return 0;
    }
    let { tasks } = await hub.request<{ tasks: TaskView[] }>('GET', '/api/tasks');
    if (args.values.active) tasks = tasks.filter((t) => t.alive || (t.status !== 'DONE' && t.status !== 'FAILED'));
    if (args.values.json) {
      io.stdout.write(JSON.stringify({ tasks }, null, 2) + '\n');
      return 0;
    }
    if (!tasks.length) {
      io.stdout.write('no tasks\n');
      return 0;
    }
    const rows = tasks.map((t) => [t.id, t.status + (t.alive && t.status === 'DONE' ? ' (alive)' : ''), t.adapter, t.session.status, note(t)]);
    const head = ['TASK', 'STATUS', 'ADAPTER', 'SESSION', ''];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    for (const row of [head, ...rows]) io.stdout.write(row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ').trimEnd() + '\n');
    return 0;
  },
};

function note(task: TaskView): string {
  if (task.status === 'WAITING_FOR_USER') return `asks: ${task.interaction?.prompt ?? ''}`;
  if (task.status === 'FAILED') return task.error ?? '';
  return task.goal ?? '';
}
