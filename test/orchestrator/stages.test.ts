import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Orchestrator } from '../../server/orchestrator/orchestrator.js';
import type { WorkflowInput } from '../../server/orchestrator/workflow/workflow-schema.js';
import { finished, taskWhere, useOrchestratorFixture, type OrchestratorFixture } from '../support/orchestrator-fixture.js';

/** A task that marks its start, then waits (up to 10 s) for `other` to have started: it only succeeds if both overlap. */
const meetsTask = (name: string, other: string) => ({
  name,
  command: 'bash',
  args: ['-c', `touch ${name}.started; for i in $(seq 200); do [ -e ${other}.started ] && exit 0; sleep 0.05; done; exit 1`],
});

describe('stages', () => {
  let data: OrchestratorFixture['data'];
  let work: string;
  let orchestrator: Orchestrator;
  useOrchestratorFixture((f) => ({ data, work, orchestrator } = f));

  it('runs the tasks of a stage in parallel (their lifetimes overlap)', async () => {
    const session = orchestrator.start({ cwd: work, stages: [{ tasks: [meetsTask('a', 'b'), meetsTask('b', 'a')] }] });
    const result = await finished(orchestrator, session);
    expect(result.tasks.map((t) => [t.name, t.status])).toEqual([
      ['a', 'DONE'],
      ['b', 'DONE'],
    ]);
  });

  it('starts the next stage only when every task of the previous one is DONE', async () => {
    const workflow: WorkflowInput = {
      cwd: work,
      stages: [
        { name: 'produce', tasks: [{ name: 'slow', command: 'bash', args: ['-c', 'sleep 0.3; echo x > first.txt'] }, { name: 'fast', command: 'true' }] },
        { name: 'consume', tasks: [{ name: 'check', command: 'bash', args: ['-c', 'test -e first.txt && touch second.txt'] }] },
      ],
    };
    const session = orchestrator.start(workflow);
    const result = await finished(orchestrator, session);
    expect(result.status).toBe('DONE');
    expect(result.currentStageIndex).toBe(2);
    expect(existsSync(join(work, 'second.txt'))).toBe(true);
    const [slow, , check] = result.tasks;
    expect(Date.parse(check.startedAt!)).toBeGreaterThanOrEqual(Date.parse(slow.endedAt!));
  });

  it('a failed task fails its stage and the session with the reason; later stages do not run', async () => {
    const session = orchestrator.start({
      cwd: work,
      stages: [
        { name: 'build', tasks: [{ name: 'broken', command: 'bash', args: ['-c', 'exit 3'] }, { name: 'sleeper', command: 'sleep', args: ['30'] }] },
        { tasks: [{ name: 'never', command: 'touch', args: ['never.txt'] }] },
      ],
    });
    const result = await finished(orchestrator, session);
    expect(result.status).toBe('FAILED');
    expect(result.error).toBe('stage 1 (build) failed: task broken failed: exited with code 3');
    expect(result.tasks.find((t) => t.name === 'sleeper')!.error).toBe('stopped because broken failed');
    expect(result.tasks.some((t) => t.name === 'never')).toBe(false);
    expect(existsSync(join(work, 'never.txt'))).toBe(false);
  });

  it('a non-interactive step that prints and then works silently is never taken for a question', async () => {
    const needed: string[] = [];
    orchestrator.on('interaction-needed', (task) => needed.push(task.name));
    const session = orchestrator.start({ cwd: work, stages: [{ tasks: [{ name: 'build', interactive: false, command: 'bash', args: ['-c', 'echo building; sleep 0.6; echo built > built.txt'] }] }] });
    const result = await finished(orchestrator, session);
    expect(result.status).toBe('DONE');
    expect(needed).toEqual([]);
    expect(existsSync(join(work, 'built.txt'))).toBe(true);
  });

  it('an unknown adapter fails the task with the known ids', async () => {
    const session = orchestrator.start({ cwd: work, stages: [{ tasks: [{ name: 'x', adapter: 'no-such-agent' }] }] });
    const result = await finished(orchestrator, session);
    expect(result.status).toBe('FAILED');
    expect(result.tasks[0].error).toMatch(/unknown adapter "no-such-agent" \(known: command, bash, python, claude, codex, gemini, qwen, aider, fake-agent\)/);
  });

  it('resumes a checkpointed session from currentStageIndex (earlier stages are not run again)', async () => {
    const workflow: WorkflowInput = {
      cwd: work,
      stages: [{ tasks: [{ name: 'one', command: 'bash', args: ['-c', 'touch one.$RANDOM$RANDOM'] }] }, { tasks: [{ name: 'two', command: 'bash', args: ['-c', 'touch two.$RANDOM$RANDOM'] }] }],
    };
    const first = await finished(orchestrator, orchestrator.start(workflow));
    expect(first.status).toBe('DONE');
    // As if the hub had died during stage 2: the checkpoint says stage index 1, still RUNNING.
    const saved = orchestrator.sessions.store.load(first.id)!;
    saved.currentStageIndex = 1;
    saved.status = 'RUNNING';
    saved.tasks = saved.tasks.filter((t) => t.stage === 0);
    orchestrator.sessions.store.save(saved);

    const restarted = new Orchestrator({ dataDir: data.dir });
    expect(restarted.markInterrupted().map((s) => s.id)).toEqual([first.id]);
    restarted.resume(first.id);
    const resumed = (await restarted.finished(first.id))!;
    expect(resumed.status).toBe('DONE');
    const files = readdirSync(work);
    expect(files.filter((f) => f.startsWith('one.'))).toHaveLength(1);
    expect(files.filter((f) => f.startsWith('two.'))).toHaveLength(2);
  });

  it('stopping the orchestrator (hub shutdown) leaves a running session INTERRUPTED, and it resumes', async () => {
    const session = orchestrator.start({ cwd: work, stages: [{ tasks: [{ name: 'first', command: 'true' }] }, { tasks: [{ name: 'asker', adapter: 'fake-agent' }] }] });
    await taskWhere(orchestrator, (t) => t.name === 'asker' && t.status === 'WAITING_FOR_USER');
    await orchestrator.shutdown();
    expect(orchestrator.sessions.store.load(session.id)).toMatchObject({ status: 'INTERRUPTED', currentStageIndex: 1 });

    const next = new Orchestrator({ dataDir: data.dir });
    next.resume(session.id);
    const waiting = await taskWhere(next, (t) => t.name === 'asker' && t.status === 'WAITING_FOR_USER');
    await next.liveRunner(waiting.id).typeText('n');
    const result = (await next.finished(session.id))!;
    expect(result.status).toBe('DONE');
    expect(result.tasks.map((t) => [t.name, t.status])).toEqual([
      ['first', 'DONE'],
      ['asker', 'DONE'],
    ]);
  });
});
