// Records what the real Claude Code does with each rule/call pair of the differential corpus
// (claude-rule-corpus.ts). Not part of npm test (the recording is a fixture, re-made when the pinned version changes):
//   npx vitest run --config e2e-agents/vitest.record.config.mts test/agents/record-claude-rules.ts
// Writes test/fixtures/claude-rules/claude-code-<version>.json: every case with each call's verdict.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skipUnlessInstalled } from '../support/agent-hook-run.js';
import { installedVersion } from '../support/model-standins/agent-setups.js';
import { CASES } from './claude-rule-corpus.js';
import { runRuleCase, type ObservedCall } from './claude-rule-run.js';

/** Sessions at once: each is a Claude Code process; two keep a busy 2-core machine usable. */
const PARALLEL = Number(process.env.RECORD_PARALLEL ?? 2);

describe.skipIf(skipUnlessInstalled('claude'))('record Claude Code rule verdicts', () => {
  it('runs every case of the corpus', { timeout: 1_800_000 }, async () => {
    const only = process.env.RECORD_ONLY ? new RegExp(process.env.RECORD_ONLY) : null;
    const cases = CASES.filter((c) => !only || only.test(c.id));
    const observed = new Map<string, ObservedCall[]>();
    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < cases.length) {
          const c = cases[next++]!;
          observed.set(c.id, await runRuleCase(c));
          console.log(c.id, observed.get(c.id)!.map((o) => `${o.verdict}: ${o.result.slice(0, 80)}`).join('\n  '));
        }
      }),
    );
    const version = installedVersion('claude')!;
    const recorded = { claudeCode: version, recordedWith: 'test/agents/record-claude-rules.ts', cases: cases.map((c) => ({ ...c, verdicts: observed.get(c.id)!.map((o) => o.verdict), results: observed.get(c.id)!.map((o) => o.result) })) };
    const dir = join(import.meta.dirname, '../fixtures/claude-rules');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, process.env.RECORD_ONLY ? `partial-${version}.json` : `claude-code-${version}.json`), `${JSON.stringify(recorded, null, 2)}\n`);
    const unclear = cases.flatMap((c) => observed.get(c.id)!.filter((o) => o.verdict === 'unclear').map((o) => `${c.id}: ${JSON.stringify(o.call)} → ${o.result}`));
    expect(unclear).toEqual([]);
  });
});
