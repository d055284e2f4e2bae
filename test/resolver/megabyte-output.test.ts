// A program that prints about a megabyte and exits: the end state is reached, the reason is a bounded tail that
// ends with the last line printed (nothing lost at exit, exit 0 included), and views stay small. Speed: npm run bench.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { PtyProgram } from '../../server/pty/index.js';
import { ResolveManager } from '../../server/resolver/resolve-manager.js';
import { startResolverRig, type ResolverRig } from '../support/resolver-rig.js';

const MEGABYTE = fileURLToPath(new URL('../fixtures/programs/pty/megabyte-output.mjs', import.meta.url));
const LAST = 'the last line: done';

let rig: ResolverRig;
beforeAll(async () => {
  rig = await startResolverRig();
});
afterAll(async () => {
  await rig?.close();
});

test.each([0, 1])('a PTY program that prints 1 MB and exits %i: every byte drained, the screen ends with its last line', async (code) => {
  const p = PtyProgram.spawn({ command: process.execPath, args: [MEGABYTE, String(code)], cwd: process.cwd() });
  try {
    const exit = await p.exited;
    expect(exit.exitCode).toBe(code);
    expect(exit.output.match(/^line \d{6} x+\r?$/gm)).toHaveLength(14_000);
    expect(exit.output.trimEnd().endsWith(LAST)).toBe(true);
    expect(p.screen({ scrollback: 0 }).lines.at(-1)).toBe(LAST);
    expect(p.screen({ scrollback: 0 }).lines.length).toBeLessThanOrEqual(30);
  } finally {
    p.dispose();
  }
});

test.each([
  ['1', 1],
  ['0', 0],
])('a resolve task whose tsci prints 1 MB and exits %s fails with a bounded tail holding the last line', async (code, exitCode) => {
  const manager = new ResolveManager({ ...rig.env, GATEHOUSE_TSCI: `${process.execPath} ${MEGABYTE} ${code}` });
  const task = manager.start({ component_name: 'BIG', project_dir: rig.project() });
  try {
    await expect.poll(() => manager.get(task.id).state, { timeout: 30_000, interval: 5 }).toBe('failed');
    const view = manager.get(task.id).view();
    expect(view.exit_code).toBe(exitCode);
    const lines = view.reason!.split('\n');
    expect(lines.at(-1)).toBe(LAST);
    expect(lines.length).toBeLessThanOrEqual(41);
    expect(lines[0]).toMatch(/^… \(\d+ earlier lines left out\)$/);
    expect(view.reason!.length).toBeLessThan(20_000);
    // The view carries the visible screen and a bounded scrollback, not the megabyte.
    expect(view.screen!.lines.at(-1)).toBe(LAST);
    expect(JSON.stringify(view).length).toBeLessThan(60_000);
  } finally {
    await manager.closeAll();
  }
});
