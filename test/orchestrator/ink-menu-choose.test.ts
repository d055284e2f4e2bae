import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Orchestrator } from '../../server/orchestrator/orchestrator.js';
import { finished, taskWhere, useOrchestratorFixture } from '../support/orchestrator-fixture.js';

const INK_MENU = fileURLToPath(new URL('../fixtures/programs/prompt-matrix/ink-select.mjs', import.meta.url));

describe('a person answers an Ink menu (as Claude Code draws its dialogs)', () => {
  let orchestrator: Orchestrator;
  let work: string;
  useOrchestratorFixture((f) => ({ orchestrator, work } = f));

  // Runs under CI=true too (as .ci/run does): the orchestrator keeps CI out of its tasks, or Ink draws no menu.
  it('the non-default option the person picks is the one the program receives (one verified key per write)', async () => {
    const session = orchestrator.start({ cwd: work, stages: [{ tasks: [{ name: 'ink', command: process.execPath, args: [INK_MENU, 'import', 'ink-select'] }] }] });
    const waiting = await taskWhere(orchestrator, (t) => t.name === 'ink' && t.status === 'WAITING_FOR_USER' && (t.interaction?.options.length ?? 0) > 0);
    const options = waiting.interaction!.options.map((o) => o.text);
    expect(waiting.interaction!.prompt).toContain('Which part should be imported?');
    expect(options).toHaveLength(5);
    expect(waiting.interaction!.cursor).toBe(0);
    await orchestrator.liveRunner(waiting.id).choose(3);
    const result = await finished(orchestrator, session);
    expect(result.status).toBe('DONE');
    const received = readFileSync(join(work, 'received.log'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    expect(received).toEqual([[options[3]]]);
  });
});
