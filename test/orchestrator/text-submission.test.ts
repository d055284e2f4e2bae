import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Orchestrator } from '../../server/orchestrator/orchestrator.js';
import { finished, READ_RECORDER, taskWhere, useOrchestratorFixture, type OrchestratorFixture } from '../support/orchestrator-fixture.js';

describe('text submission', () => {
  let work: string;
  let orchestrator: Orchestrator;
  useOrchestratorFixture((f) => ({ work, orchestrator } = f));

  it('pending inputs reach a raw-mode composer as the text, then Enter in a read of its own (never a paste)', async () => {
    const log = join(work, 'reads.jsonl');
    const session = orchestrator.start({
      stages: [{ tasks: [{ name: 'composer', command: process.execPath, args: [READ_RECORDER], env: { READ_LOG: log }, idle: ['^> ?$'], pendingInputs: ['hello world', '/exit'] }] }],
    });
    const result = await finished(orchestrator, session);
    expect(result.status).toBe('DONE');
    const reads = readFileSync(log, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { data: string }).data);
    expect(reads.join('')).toBe('hello world\r/exit\r');
    // Enter is never read together with text: the program saw two submissions, not one pasted line.
    expect(reads.filter((r) => r.includes('\r'))).toEqual(['\r', '\r']);
  });
});

describe('text the screen does not take', () => {
  let orchestrator: Orchestrator;
  useOrchestratorFixture((f) => ({ orchestrator } = f));
  const READER = fileURLToPath(new URL('../fixtures/programs/pty/raw-line-reader.mjs', import.meta.url));

  it('a pending input typed into a field that neither echoes nor changes the screen gets no Enter: a person is asked, told what was seen', async () => {
    orchestrator.start({ stages: [{ tasks: [{ name: 'silent', command: process.execPath, args: [READER, 'silent'], pendingInputs: ['abc'] }] }] });
    const task = await taskWhere(orchestrator, (t) => t.status === 'WAITING_FOR_USER');
    expect(task.interaction?.screen).toContain('pending input "abc": the text was not submitted: typed "abc": the screen neither showed it nor changed');
    expect(task.interaction?.screen).toContain('Enter was not pressed');
    expect(task.pendingInputs).toEqual([]);
    expect(orchestrator.liveRunner(task.id).terminal!.screenText()).not.toContain('got');
  });
});
