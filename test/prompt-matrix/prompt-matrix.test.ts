// Issue 10's prompt-style matrix: every style in matrix-cases.ts driven through the real MCP tools, over a real
// hub, with the style's program as tsci in a real PTY. Each asserts the relayed prompt, the relayed options and
// that the program received exactly the agent's (non-default) pick.
import { afterAll, expect, test } from 'vitest';
import { rmSync } from 'node:fs';
import type { TestHub } from '../support/test-hub.js';
import type { TestMcp } from '../support/mcp-client.js';
import { MATRIX_CASES } from './matrix-cases.js';
import { describeOutcome, MATRIX_TMP, runCase, useMatrixHub, type CaseOutcome } from '../support/prompt-matrix-rig.js';
import { KNOWN_PROMPT_MATRIX_FAILURES } from './known-failures.js';

let hub: TestHub;
let mcp: TestMcp;
useMatrixHub((f) => ({ hub, mcp } = f));

const outcomes: CaseOutcome[] = [];

afterAll(() => {
  const known = outcomes.filter((o) => o.style in KNOWN_PROMPT_MATRIX_FAILURES);
  const fixed = known.filter((o) => o.problems.length === 0).map((o) => o.style);
  const lines = [`prompt matrix: ${outcomes.filter((o) => o.problems.length === 0).length}/${outcomes.length} styles pass`];
  if (fixed.length) lines.push(`known failures that now PASS (remove them from known-failures.ts): ${fixed.join(', ')}`);
  for (const o of known.filter((k) => k.problems.length)) lines.push(`known failure${o.wrongPick ? ' (WRONG PICK)' : ''} ${describeOutcome(o)}`);
  console.log(lines.join('\n'));
  rmSync(MATRIX_TMP, { recursive: true, force: true });
});

test('the matrix covers at least 20 prompt styles from at least 8 libraries or tools', () => {
  expect(MATRIX_CASES.length).toBeGreaterThanOrEqual(20);
  expect(new Set(MATRIX_CASES.map((c) => c.library.split(' ')[0])).size).toBeGreaterThanOrEqual(8);
});

for (const c of MATRIX_CASES) {
  test(`${c.style} (${c.library}): ${c.what}`, async () => {
    const outcome = await runCase(hub, mcp, c);
    outcomes.push(outcome);
    if (c.style in KNOWN_PROMPT_MATRIX_FAILURES) return; // reported in afterAll, wrong picks included
    expect(outcome.wrongPick, describeOutcome(outcome)).toBe(false);
    expect(outcome.problems, describeOutcome(outcome)).toEqual([]);
  });
}
