import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Orchestrator } from '../../server/orchestrator/orchestrator.js';
import { finished, READ_RECORDER, useOrchestratorFixture, type OrchestratorFixture } from '../support/orchestrator-fixture.js';

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
