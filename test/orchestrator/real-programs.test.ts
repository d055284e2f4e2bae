import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Orchestrator } from '../../server/orchestrator/orchestrator.js';
import { groupAlive } from '../../server/pty/index.js';
import { finished, taskWhere, useOrchestratorFixture, type OrchestratorFixture } from '../support/orchestrator-fixture.js';

describe('real interactive programs driven by pendingInputs', () => {
  let data: OrchestratorFixture['data'];
  let work: string;
  let orchestrator: Orchestrator;
  useOrchestratorFixture((f) => ({ data, work, orchestrator } = f));

  it('bash: each command is sent at the idle prompt; with the queue empty at the prompt the task is DONE and the shell ended', async () => {
    const session = orchestrator.start({ cwd: work, stages: [{ tasks: [{ name: 'sh', adapter: 'bash', pendingInputs: ['echo one > out.txt', 'echo two >> out.txt'] }] }] });
    const result = await finished(orchestrator, session);
    expect(result.status).toBe('DONE');
    expect(readFileSync(join(work, 'out.txt'), 'utf8')).toBe('one\ntwo\n');
    const ended = await taskWhere(orchestrator, (t) => t.id === result.tasks[0].id && !t.alive);
    expect(groupAlive(ended.pid!)).toBe(false);
  });

  it('bash with keepAlive: DONE without ending the process, which stays attachable until stopped', async () => {
    const session = orchestrator.start({ cwd: work, stages: [{ tasks: [{ name: 'sh', adapter: 'bash', keepAlive: true, pendingInputs: ['export MARK=kept'] }] }] });
    const result = await finished(orchestrator, session);
    const task = result.tasks[0];
    expect(task.status).toBe('DONE');
    expect(task.alive).toBe(true);
    const runner = orchestrator.liveRunner(task.id);
    expect(runner.terminal!.exited).toBe(false);
    const echoed = new Promise<void>((resolve) => {
      let seen = '';
      runner.terminal!.onData((d) => {
        seen += d;
        if (seen.includes('value=kept')) resolve();
      });
    });
    await runner.typeText('echo value=$MARK');
    await echoed;
    expect(task.status).toBe('DONE');
    await orchestrator.stopTask(task.id);
    expect(runner.terminal!.exited).toBe(true);
    expect(orchestrator.findTask(task.id)!.task.status).toBe('DONE');
  });

  it('python3 -i: statements at the >>> prompt', async () => {
    const session = orchestrator.start({ cwd: work, stages: [{ tasks: [{ adapter: 'python', pendingInputs: ['x = 6 * 7', "open('py.txt', 'w').write(str(x))"] }] }] });
    const result = await finished(orchestrator, session);
    expect(result.status).toBe('DONE');
    expect(readFileSync(join(work, 'py.txt'), 'utf8')).toBe('42');
  });

  it('npm init: the generic adapter answers each prompt with the next pending input', async () => {
    const answers = ['gh-made', '2.0.0', 'made by gatehouse', ...Array<string>(12).fill('')];
    const session = orchestrator.start({ cwd: work, stages: [{ tasks: [{ name: 'init', command: 'npm', args: ['init'], pendingInputs: answers }] }] });
    const result = await finished(orchestrator, session);
    expect(result.status).toBe('DONE');
    const pkg = JSON.parse(readFileSync(join(work, 'package.json'), 'utf8'));
    expect(pkg).toMatchObject({ name: 'gh-made', version: '2.0.0', description: 'made by gatehouse' });
  });
});
