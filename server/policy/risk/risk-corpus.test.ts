// The labelled corpus (test/fixtures/risk-corpus/) through the real engine: no dangerous command is graded low,
// and every class of the dangerous commands written for it is graded high.
import { describe, expect, it } from 'vitest';
import { corpusFigures, gradeCorpus } from '../../../bench/support/risk-corpus.js';

describe('the risk corpus', () => {
  it('grades no dangerous command low, and every dangerous class written for it high', async () => {
    const graded = await gradeCorpus();
    const f = corpusFigures(graded);
    expect(f.dangerous).toBeGreaterThan(300);
    expect(f.harmless).toBeGreaterThan(300);
    expect(f.dangerousLow.map((c) => c.command)).toEqual([]);
    const own = graded.filter((c) => c.source.startsWith('gatehouse:'));
    expect(own.length).toBeGreaterThan(150);
    expect(own.filter((c) => c.grade !== 'high').map((c) => `${c.class}: ${c.command}`)).toEqual([]);
  });
});
