// The differential test's fast half: every rule/call pair recorded from the real Claude Code
// (test/fixtures/claude-rules/, made by test/agents/record-claude-rules.ts) decided by gatehouse's engine. Where
// the two differ, gatehouse is the stricter one (deny > ask > allow) and the pair is in the table of known
// differences with its reason, so a new difference fails here; docs/claude-rules.md shows the same table.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { differencesMarkdown, gatehouseVerdicts, PENDING_LOOSER, stricter, type KnownDifferences, type PairResult, type RecordedCase } from './claude-differential.js';

const root = join(import.meta.dirname, '../..');
const recorded: { claudeCode: string; cases: RecordedCase[] } = JSON.parse(readFileSync(join(root, 'test/fixtures/claude-rules/claude-code-2.1.197.json'), 'utf8'));
const known: KnownDifferences = JSON.parse(readFileSync(join(root, 'test/fixtures/claude-rules/known-differences.json'), 'utf8'));

describe('rules read as Claude Code reads them (recorded side by side)', () => {
  let results: PairResult[];
  beforeAll(async () => {
    results = await gatehouseVerdicts(recorded.cases);
  });

  it('the corpus covers each topic with 100+ pairs, every verdict recorded', () => {
    expect(results.length).toBeGreaterThanOrEqual(100);
    for (const c of recorded.cases) expect(c.verdicts.length, c.id).toBe(c.calls.length);
  });

  it('where gatehouse differs from Claude Code it is the stricter one', () => {
    const looser = results.filter((r) => stricter(r.claude, r.gatehouse) && !PENDING_LOOSER.has(known.pairs[r.pair] ?? ''));
    expect(looser).toEqual([]);
  });

  it('every difference is in the table of known differences, and every entry there still differs', () => {
    const differing = results.filter((r) => r.claude !== r.gatehouse);
    expect(differing.filter((r) => !known.reasons[known.pairs[r.pair] ?? '']).map((r) => `${r.pair}: ${r.rules} | ${r.call} — Claude Code ${r.claude}, gatehouse ${r.gatehouse}`)).toEqual([]);
    const stale = Object.keys(known.pairs).filter((pair) => !differing.some((r) => r.pair === pair));
    expect(stale).toEqual([]);
  });

  it('docs/claude-rules.md shows the figures and the table as they are', () => {
    const doc = readFileSync(join(root, 'docs/claude-rules.md'), 'utf8');
    expect(doc).toContain(differencesMarkdown(results, known, recorded.claudeCode));
  });
});
