// A program that prints about a megabyte and exits: the end state is reached, the reason is a bounded tail that
// ends with the last line printed (nothing lost at exit, exit 0 included), and views stay small. Speed: npm run bench.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot } from '../../server/package-info.js';
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

test('in a process that has nothing else to wait for, a program that prints 1 MB still has its exit reported with every byte', async () => {
  // The built PtyProgram (dist, as the hub runs it) in a bare Node process: holding the exit until the output
  // is drained must not let the process end first with the exit never reported.
  const script = `const { PtyProgram } = await import(${JSON.stringify(join(packageRoot, 'dist/server/pty/index.js'))});
    const p = PtyProgram.spawn({ command: process.execPath, args: [${JSON.stringify(MEGABYTE)}, '0'] });
    const exit = await p.exited;
    p.dispose();
    console.log(JSON.stringify({ code: exit.exitCode, last: exit.output.trimEnd().split('\\n').at(-1).trim() }));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
  expect(child.status).toBe(0);
  expect(JSON.parse(child.stdout)).toEqual({ code: 0, last: LAST });
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
