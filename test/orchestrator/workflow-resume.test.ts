import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Orchestrator } from '../../server/orchestrator/orchestrator.js';
import { taskWhere, useOrchestratorFixture, type OrchestratorFixture } from '../support/orchestrator-fixture.js';

describe('resuming an interrupted workflow', () => {
  let data: OrchestratorFixture['data'];
  let work: string;
  let orchestrator: Orchestrator;
  useOrchestratorFixture((f) => ({ data, work, orchestrator } = f));

  it('does not run again a task of the interrupted stage that had finished; the one still waiting runs on', async () => {
    const session = orchestrator.start({
      cwd: work,
      stages: [{ tasks: [{ name: 'quick', command: 'bash', args: ['-c', 'touch quick.$RANDOM$RANDOM'] }, { name: 'asker', adapter: 'fake-agent' }] }],
    });
    await taskWhere(orchestrator, (t) => t.name === 'quick' && t.status === 'DONE');
    await taskWhere(orchestrator, (t) => t.name === 'asker' && t.status === 'WAITING_FOR_USER');
    await orchestrator.shutdown();
    // What a restarted hub finds on disk: the stage interrupted, its finished task recorded DONE.
    expect(orchestrator.sessions.store.load(session.id)).toMatchObject({ status: 'INTERRUPTED', tasks: expect.arrayContaining([expect.objectContaining({ name: 'quick', status: 'DONE' })]) });

    const next = new Orchestrator({ dataDir: data.dir });
    next.resume(session.id);
    const waiting = await taskWhere(next, (t) => t.name === 'asker' && t.status === 'WAITING_FOR_USER');
    await next.liveRunner(waiting.id).typeText('n');
    const result = (await next.finished(session.id))!;
    expect(result.status).toBe('DONE');
    expect(readdirSync(work).filter((f) => f.startsWith('quick.'))).toHaveLength(1);
    await next.shutdown();
  });
});
