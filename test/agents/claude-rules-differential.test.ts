// The differential test's real half: the real Claude Code (`claude -p` against its offline model stand-in) re-run
// on a sample of the recorded corpus (test/fixtures/claude-rules/), one session per case with the rule in its own
// settings: each call's verdict must still be the recorded one, so the fast half
// (server/policy/claude-differential.test.ts) compares gatehouse with what Claude Code really does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skipUnlessInstalled } from '../support/agent-hook-run.js';
import { installedVersion } from '../support/model-standins/agent-setups.js';
import type { RuleCase, Verdict } from './claude-rule-corpus.js';
import { runRuleCase } from './claude-rule-run.js';

const recorded: { claudeCode: string; cases: Array<RuleCase & { verdicts: Verdict[] }> } = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/claude-rules/claude-code-2.1.197.json'), 'utf8'));

/** One case per kind of finding: redirections/&/subshells, `*` in a word, allow narrowed by deny, a malformed rule, path anchoring, Edit vs Write. */
const SAMPLE = ['deny-star-in-word', 'allow-exact', 'malformed-lowercase-deny', 'deny-read-dot-env-user', 'deny-read-slash-user', 'allow-edit-bare', 'allow-write-path'];

describe.skipIf(skipUnlessInstalled('claude'))('Claude Code reads the sampled rules as recorded', () => {
  it('the recording is of the installed version', () => {
    expect(recorded.claudeCode).toBe(installedVersion('claude'));
  });

  for (const id of SAMPLE) {
    it(id, { timeout: 180_000 }, async () => {
      const c = recorded.cases.find((x) => x.id === id)!;
      const observed = await runRuleCase(c);
      expect(observed.map((o, i) => `${o.verdict} ← ${JSON.stringify(c.calls[i])}: ${o.verdict === c.verdicts[i] ? '' : o.result}`)).toEqual(c.verdicts.map((v, i) => `${v} ← ${JSON.stringify(c.calls[i])}: `));
    });
  }
});
