import type { InteractionSummary } from '../../../shared/interactions.js';
import type { TaskState, WorkflowSessionState } from '../task/task-types.js';

/** A task as the hub serves it: the task plus the few session fields a list needs. */
export interface TaskView extends TaskState {
  session: { id: string; name: string; goal: string | null; status: WorkflowSessionState['status']; currentStageIndex: number; stages: number };
}

export function taskView(task: TaskState, session: WorkflowSessionState): TaskView {
  return {
    ...task,
    session: {
      id: session.id,
      name: session.name,
      goal: session.goal,
      status: session.status,
      currentStageIndex: session.currentStageIndex,
      stages: session.workflow.stages.length,
    },
  };
}

/** One row of the portal's interaction list for an orchestrated task. */
export function taskInteraction(task: TaskState, session: WorkflowSessionState): InteractionSummary {
  const finished = task.status === 'DONE' || task.status === 'FAILED';
  const goal = task.goal ?? session.goal;
  return {
    kind: 'task',
    id: task.id,
    title: `${session.name} · ${task.name}${goal ? ` — ${goal}` : ''}`,
    status: task.status,
    interface: 'pty',
    active: !finished && session.status !== 'INTERRUPTED',
    waiting_on: task.status === 'WAITING_FOR_USER' ? 'person' : null,
    created_at: task.startedAt ?? session.createdAt,
    ended_at: task.endedAt,
    deadline_at: null,
    href: `/tasks/${encodeURIComponent(task.id)}`,
    // Who is asking: the task's agent (its adapter) in the workflow's folder, under its workflow and task names.
    source: { kind: 'orchestrator', agent: task.adapter, project: session.cwd, branch: null, workflow: session.name, task: task.name },
  };
}
