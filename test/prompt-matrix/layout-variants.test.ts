// Issue 24's layouts, each drawn by the real library, in variants the hub-driven matrix does not vary: 80 and 120
// columns, short and long lists, the first, a middle and the last option picked. Each run goes through the
// resolver's own path (TsciRun: wait for the prompt, read the whole list, verified keys, Enter) in a real PTY;
// the relayed prompt and options must be what a person sees, and the program must receive exactly the pick.
import { describe, expect, test } from 'vitest';
import { join } from 'node:path';
import { TsciRun } from '../../server/resolver/tsci-run.js';
import { tsciEnvironment } from '../../server/resolver/tsci-command.js';
import { makeProject, readJsonLines, sameOptions, STYLE_LAUNCHER, matrixHubEnv } from '../support/prompt-matrix-rig.js';
import { LAYOUT_VARIANTS, type LayoutVariant } from './matrix-cases.js';

async function runVariant(v: LayoutVariant, cols: number, pick: number) {
  const dir = makeProject(v.options, v.config);
  // The environment the resolver gives tsci: without CI and the like, which make Ink draw nothing until it exits
  // and clack draw its plain (CI) layout — CI machines set CI=true.
  const env = tsciEnvironment({ ...process.env, ...matrixHubEnv() });
  const run = new TsciRun({ command: ['bash', STYLE_LAUNCHER, 'import', v.style], cwd: dir, env, stepTimeoutMs: 20_000, cols });
  try {
    const ev = await run.next();
    if (ev.kind !== 'prompt') throw new Error(`no prompt: ${ev.kind}${ev.kind === 'exit' ? `\n${ev.exit.output.slice(-2000)}` : ''}`);
    let relayed = ev.menu;
    // As the resolver does with a posted selection: a screen that changes (a program that read the terminal before
    // drawing its list) replaces it, and the agent answers what is on screen then.
    if (relayed.kind === 'text' && !relayed.typing) {
      const changed = await run.changedFrom(relayed, { cancelled: false }, Date.now() + 5000);
      if (changed) relayed = await run.readAgain();
    }
    const expected = v.relayed ?? v.options;
    const seen = `prompt=${JSON.stringify(relayed.prompt)} options=${JSON.stringify(relayed.options)} cursor=${relayed.cursor_index}\n--- screen ---\n${relayed.screen}`;
    if (!v.knownPromptMisread) expect(relayed.prompt, seen).toContain(v.prompt);
    else if (!relayed.prompt.includes(v.prompt)) console.log(`known (${v.style}): ${v.knownPromptMisread} — relayed ${JSON.stringify(relayed.prompt)}`);
    else console.log(`known misread of ${v.style} now reads right: remove knownPromptMisread`);
    expect(sameOptions(relayed.options, expected), seen).toBe(true);
    if (v.descriptions) expect(relayed.descriptions, seen).toEqual(v.descriptions);
    const want = expected[pick];
    const applied = await run.apply({ pick: relayed.options.find((o) => o.includes(want))! }, relayed.options);
    expect(applied, seen).toEqual({ ok: true });
    await Promise.race([run.exited, new Promise((r) => setTimeout(r, 10_000))]);
    expect(readJsonLines(join(dir, 'received.log'))).toEqual([[want]]);
  } finally {
    await run.kill();
  }
}

describe.each(LAYOUT_VARIANTS)('$style ($library): $what', (v) => {
  const n = (v.relayed ?? v.options).length;
  for (const cols of [80, 120]) {
    for (const [name, pick] of [['first', 0], ['middle', Math.floor(n / 2)], ['last', n - 1]] as const) {
      test(`${cols} columns, ${name} option`, () => runVariant(v, cols, pick), 60_000);
    }
  }
});
