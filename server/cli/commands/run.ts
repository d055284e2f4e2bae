import { ensureHub } from '../../hub-client/ensure-hub.js';
import type { HubClient } from '../../hub-client/hub-client.js';
import type { TaskState, WorkflowSessionState } from '../../orchestrator/task/task-types.js';
import { loadWorkflowFile } from '../../orchestrator/workflow/workflow-file.js';
import type { CliCommand, CliIo } from '../command.js';

export const runCommand: CliCommand = {
  name: 'run',
  summary: 'run a staged workflow of CLI agents in the hub (or resume one)',
  help: `Usage: gatehouse run <workflow.yaml|workflow.json> [--cwd DIR] [--detach]
       gatehouse run --resume <session-id> [--detach]

Runs the workflow's stages in order inside the hub (tasks of a stage in parallel), each task's program in
its own pseudo-terminal. Prints one line per task state change — never the tasks' own output. A task that
waits for a person shows up in the portal (\`gatehouse open\`); answer it there or with
\`gatehouse attach <task>\`. Ctrl-C stops following; the workflow keeps running in the hub.
Exit code: 0 when the workflow is DONE, 1 when it FAILED.

Options:
  --resume ID  continue a checkpointed session from its current stage (after a hub crash or restart)
  --cwd DIR    directory the tasks run in (default: this one; a workflow's own \`cwd\` is relative to its file)
  --detach     print the session id and return at once`,
  options: { resume: { type: 'string' }, cwd: { type: 'string' }, detach: { type: 'boolean' } },
  allowPositionals: true,
  async run(args, io) {
    const resume = args.values.resume as string | undefined;
    const file = args.positionals[0];
    if (!resume === !file) {
      io.stderr.write('gatehouse run: give a workflow file, or --resume <session-id>\n');
      return 2;
    }
    let workflow;
    if (file) {
      try {
        workflow = loadWorkflowFile(file);
      } catch (error) {
        io.stderr.write(`gatehouse run: ${file}: ${(error as Error).message}\n`);
        return 2;
      }
    }
    const hub = await ensureHub();
    const { session } = resume
      ? await hub.request<{ session: WorkflowSessionState }>('POST', `/api/workflows/${encodeURIComponent(resume)}/resume`)
      : await hub.request<{ session: WorkflowSessionState }>('POST', '/api/workflows', { workflow, source: file, cwd: (args.values.cwd as string | undefined) ?? process.cwd() });
    io.stdout.write(`${resume ? 'resumed' : 'started'} ${session.id} (${session.name}) at stage ${session.currentStageIndex + 1}/${session.workflow.stages.length}\n`);
    if (args.values.detach) return 0;
    return follow(hub, session, io);
  },
};

/** Prints task state changes until the session ends; returns the exit code. */
async function follow(hub: HubClient, start: WorkflowSessionState, io: CliIo): Promise<number> {
  const seen = new Map<string, string>();
  let stage = start.currentStageIndex;
  let session = start;
  let stopped = false;
  const onSigint = () => {
    stopped = true;
    io.stderr.write(`\nstopped following; ${session.id} keeps running in the hub (gatehouse tasks)\n`);
    process.exit(130);
  };
  process.once('SIGINT', onSigint);
  try {
    for (;;) {
      for (const task of session.tasks) {
        const key = `${task.status}|${task.pendingInputs.length}`;
        if (seen.get(task.id) !== key) {
          seen.set(task.id, key);
          io.stdout.write(describe(task, hub) + '\n');
        }
      }
      if (session.currentStageIndex !== stage && session.currentStageIndex < session.workflow.stages.length) {
        stage = session.currentStageIndex;
        io.stdout.write(`stage ${stage + 1}/${session.workflow.stages.length}\n`);
      }
      if (session.status === 'DONE' || session.status === 'FAILED' || stopped) break;
      const since = encodeURIComponent(session.updatedAt);
      try {
        session = (await hub.request<{ session: WorkflowSessionState }>('GET', `/api/workflows/${session.id}/wait?since=${since}&seconds=25`)).session;
      } catch (error) {
        io.stderr.write(`lost the hub (${(error as Error).message}); continue with: gatehouse run --resume ${session.id}\n`);
        return 1;
      }
    }
  } finally {
    process.off('SIGINT', onSigint);
  }
  if (session.status === 'DONE') {
    io.stdout.write(`${session.id} DONE\n`);
    return 0;
  }
  io.stdout.write(`${session.id} FAILED: ${session.error ?? 'unknown reason'}\n`);
  return 1;
}

function describe(task: TaskState, hub: HubClient): string {
  const head = `  ${task.name.padEnd(16)} ${task.status}`;
  if (task.status === 'WAITING_FOR_USER') {
    const prompt = task.interaction?.prompt ? ` — "${task.interaction.prompt}"` : '';
    return `${head}${prompt}\n    answer in the portal (${hub.baseUrl}/tasks/${encodeURIComponent(task.id)}) or: gatehouse attach ${task.id}`;
  }
  if (task.status === 'FAILED') return `${head}: ${task.error ?? ''}`;
  if (task.status === 'DONE' && task.keepAlive && task.alive) return `${head} (kept alive: gatehouse attach ${task.id})`;
  return head;
}
