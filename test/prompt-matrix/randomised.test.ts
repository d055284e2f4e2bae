// Issue 10's randomised test: a raw-mode list (random-menu.mjs) with shuffled options, a random start row, window,
// wrap and marker, re-rendered in another order at random moments while it waits; the agent picks a random
// option through the real MCP tools after a random thinking time. Invariant: the program receives exactly the
// pick, or the select is refused with a clear error (by the select call, or by the selection re-presented with
// an error) — never another option silently: a re-draw in the instant between the last check and Enter (which
// nothing can forbid) must end the task failed with "WRONG PICK" naming what was taken, never `finished`.
// Seeded (PROMPT_MATRIX_SEED to repeat), bounded iterations; the tally printed says how often each happened.
import { afterAll, expect, test } from 'vitest';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestHub } from '../support/test-hub.js';
import type { TestMcp } from '../support/mcp-client.js';
import { makeProject, MATRIX_TMP, nextStop, readJsonLines, useMatrixHub, type Selection } from '../support/prompt-matrix-rig.js';
import { randomInt, seededRandom, shuffled } from '../support/seeded-random.js';
import { KNOWN_RANDOMISED_FAILURE } from './known-failures.js';

const SEED = Number(process.env.PROMPT_MATRIX_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ITERATIONS = Number(process.env.PROMPT_MATRIX_ITERATIONS ?? 10);
const POOL = Array.from({ length: 40 }, (_, i) => `LM${317 + i * 3}-Q${i % 7} - regulator ${i + 1} SOT-${23 + (i % 4)}`);
const MARKERS = ['❯', '>', '●', '→', '*'];

let hub: TestHub;
let mcp: TestMcp;
useMatrixHub((f) => ({ hub, mcp } = f));
afterAll(() => rmSync(MATRIX_TMP, { recursive: true, force: true }));

interface Run {
  config: { options: string[]; cursor: number; loop: boolean; pageSize: number; marker: string; hideCursor: boolean; redraws: Array<{ afterMs: number; order: string[] }> };
  pick: string;
  /** The agent's thinking time before it answers: the list may be re-rendered meanwhile. */
  thinkMs: number;
}

function randomRun(rnd: () => number): Run {
  const n = randomInt(rnd, 3, 14);
  const options = shuffled(rnd, POOL).slice(0, n);
  const redraws = Array.from({ length: randomInt(rnd, 0, 2) }, () => ({ afterMs: randomInt(rnd, 20, 900), order: shuffled(rnd, options) }));
  return {
    config: {
      options,
      cursor: randomInt(rnd, 0, n - 1),
      loop: rnd() < 0.5,
      pageSize: rnd() < 0.5 ? n : randomInt(rnd, 3, n),
      marker: MARKERS[randomInt(rnd, 0, MARKERS.length - 1)],
      hideCursor: rnd() < 0.7,
      redraws,
    },
    pick: options[randomInt(rnd, 0, n - 1)],
    thinkMs: randomInt(rnd, 0, 700),
  };
}

/** One iteration as an agent: answer the selection; a stale one is read again; any other refusal ends it. */
async function drive(run: Run): Promise<{ received: string[][]; refusals: string[]; final: string; reason: string; relayed: Selection[] }> {
  const project = makeProject(run.config.options, run.config);
  const { task_id } = await mcp.call<{ task_id: string }>('resolve_component_start', { component_name: 'random-menu', project_dir: project });
  const refusals: string[] = [];
  const relayed: Selection[] = [];
  let stop = await nextStop(mcp, task_id, null);
  try {
    // Bounded: an answer the task takes must end it or lead to a new prompt; this program asks only once.
    for (let turn = 0; stop.state === 'selection_required' && turn < 6; turn++) {
      relayed.push(stop.selection!);
      await new Promise((r) => setTimeout(r, run.thinkMs));
      const reply = await mcp.raw('resolve_component_select', { task_id, selection_id: stop.selection!.selection_id, selected_option: run.pick });
      if (!reply.isError) {
        stop = await nextStop(mcp, task_id, stop.selection!);
        // Acting refused after the call returned: the selection stays open with the error that says what was seen.
        if (stop.state === 'selection_required' && stop.error) {
          refusals.push(stop.error);
          break;
        }
        continue;
      }
      refusals.push(reply.content.map((c) => c.text).join('\n'));
      if (!/stale|current/i.test(refusals.at(-1)!)) break;
      stop = await nextStop(mcp, task_id, null);
    }
  } finally {
    await mcp.call('resolve_component_close', { task_id }).catch(() => undefined);
  }
  return { received: readJsonLines(join(project, 'received.log')), refusals, final: stop.state, reason: stop.reason ?? '', relayed };
}

test(`randomised lists (seed ${SEED}, ${ITERATIONS} iterations): the program receives the pick or the select is refused`, async () => {
  console.log(`prompt-matrix randomised: seed ${SEED} (repeat with PROMPT_MATRIX_SEED=${SEED})`);
  const rnd = seededRandom(SEED);
  const violations: string[] = [];
  const tally = { received: 0, refused: 0, wrongPickReported: 0, redrawn: 0, slowest: 0 };
  for (let i = 0; i < ITERATIONS; i++) {
    const run = randomRun(rnd);
    const began = Date.now();
    const r = await drive(run);
    tally.slowest = Math.max(tally.slowest, Date.now() - began);
    const wrong = r.received.filter((got) => got.length !== 1 || got[0] !== run.pick);
    const got = r.received.some((g) => g.length === 1 && g[0] === run.pick) && r.final === 'finished';
    const refusedClearly = r.received.length === 0 && r.refusals.length > 0 && r.refusals.every((t) => t.trim().length > 20);
    // Loud, not silent: the task failed saying which option Enter was taken on.
    const reported = wrong.length === 1 && r.final === 'failed' && r.reason.startsWith('WRONG PICK') && r.reason.includes(JSON.stringify(wrong[0][0]));
    tally.received += got ? 1 : 0;
    tally.refused += refusedClearly ? 1 : 0;
    tally.wrongPickReported += reported ? 1 : 0;
    tally.redrawn += run.config.redraws.length ? 1 : 0;
    if ((wrong.length && !reported) || !(got || refusedClearly || reported)) {
      violations.push(
        `iteration ${i} (seed ${SEED}): pick ${JSON.stringify(run.pick)}, received ${JSON.stringify(r.received)}, final ${r.final}, ` +
          `refusals ${JSON.stringify(r.refusals)}; config ${JSON.stringify({ ...run.config, options: undefined })}; ` +
          `think ${run.thinkMs} ms; options ${JSON.stringify(run.config.options)}; relayed ${JSON.stringify(r.relayed.map((s) => ({ id: s.selection_id, options: s.options, cursor: s.cursor_index })))}`,
      );
    }
  }
  console.log(`prompt-matrix randomised: ${tally.received} received the pick, ${tally.refused} refused, ${tally.wrongPickReported} wrong picks reported loudly, ${violations.length} violations (${tally.redrawn} re-rendered; slowest iteration ${tally.slowest} ms)`);
  if (KNOWN_RANDOMISED_FAILURE && violations.length) {
    console.log(`known failure (${KNOWN_RANDOMISED_FAILURE}):\n${violations.join('\n')}`);
    return;
  }
  expect(violations, `seed ${SEED}`).toEqual([]);
}, 600_000);
