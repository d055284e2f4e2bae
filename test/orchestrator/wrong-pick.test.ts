import { describe, expect, it } from 'vitest';
import type { Orchestrator } from '../../server/orchestrator/orchestrator.js';
import { finished, OFF_BY_ONE_MENU, taskWhere, useOrchestratorFixture } from '../support/orchestrator-fixture.js';

describe('a wrong pick is never silent', () => {
  let orchestrator: Orchestrator;
  useOrchestratorFixture((f) => ({ orchestrator } = f));

  it('a menu that takes another option than the highlighted one at Enter fails the task, naming both, though the program exits 0', async () => {
    const session = orchestrator.start({ stages: [{ tasks: [{ name: 'menu', command: process.execPath, args: [OFF_BY_ONE_MENU] }] }] });
    const waiting = await taskWhere(orchestrator, (t) => t.name === 'menu' && t.status === 'WAITING_FOR_USER' && (t.interaction?.options.length ?? 0) > 0);
    expect(waiting.interaction!.options.map((o) => o.text)).toEqual(['fast-small', 'balanced-medium', 'careful-large']);
    await expect(orchestrator.liveRunner(waiting.id).choose(1)).rejects.toThrow('WRONG PICK: Enter was taken on "careful-large", not on "balanced-medium"');
    const result = await finished(orchestrator, session);
    expect(result.status).toBe('FAILED');
    expect(result.tasks[0].error).toMatch(/^WRONG PICK: Enter was taken on "careful-large"/);
  });
});
