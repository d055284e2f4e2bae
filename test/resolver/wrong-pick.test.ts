import { afterAll, beforeAll, expect, test } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startResolverRig, type ResolverRig } from '../support/resolver-rig.js';

// A tsci stand-in that re-orders its list when Enter arrives and takes the row under the cursor: the rare race of
// the randomised matrix, made certain. The pick cannot be saved, but it must never be reported as the agent's.
const REORDER_ON_ENTER = fileURLToPath(new URL('../fixtures/programs/pty/reorder-on-enter.mjs', import.meta.url));

let rig: ResolverRig;
beforeAll(async () => {
  rig = await startResolverRig(`${process.execPath} ${REORDER_ON_ENTER}`);
});
afterAll(async () => rig?.close());

test('Enter taken on another option than the agent chose: the task fails saying so, never finished', async () => {
  const dir = rig.project();
  const task = rig.manager.start({ component_name: 'anything', project_dir: dir });
  const menu = await rig.waitFor(task.id, ['selection_required', 'failed', 'finished']);
  expect(menu.selection).toMatchObject({ options: ['alpha', 'beta', 'gamma', 'delta'], cursor_index: 0 });
  rig.manager.select(task.id, { selection_id: menu.selection!.selection_id, selected_option: 'beta' });
  const done = await rig.waitFor(task.id, ['finished', 'failed']);
  expect(done.state).toBe('failed');
  expect(done.reason).toMatch(/^WRONG PICK: Enter was taken on "gamma", not on "beta"/);
  expect(existsSync(join(dir, 'imports', 'gamma.tsx'))).toBe(true);
  await rig.manager.close(task.id);
});

// A program that takes exactly the pick and re-draws its list with that row marked (`❯ beta (chosen)`): the row
// under the highlight after Enter names the agent's option, so the task finishes — no false WRONG PICK.
const MARK_ON_ENTER = fileURLToPath(new URL('../fixtures/programs/pty/mark-on-enter.mjs', import.meta.url));

test('Enter taken on exactly the pick, the row re-drawn with a mark: finished, not a false WRONG PICK', async () => {
  const marking = await startResolverRig(`${process.execPath} ${MARK_ON_ENTER}`);
  try {
    const dir = marking.project();
    const task = marking.manager.start({ component_name: 'anything', project_dir: dir });
    const menu = await marking.waitFor(task.id, ['selection_required', 'failed', 'finished']);
    expect(menu.selection).toMatchObject({ options: ['alpha', 'beta', 'gamma', 'delta'], cursor_index: 0 });
    marking.manager.select(task.id, { selection_id: menu.selection!.selection_id, selected_option: 'beta' });
    const done = await marking.waitFor(task.id, ['finished', 'failed']);
    expect(done.reason ?? '').not.toMatch(/WRONG PICK/);
    expect(existsSync(join(dir, 'imports', 'beta.tsx'))).toBe(true);
    await marking.manager.close(task.id);
  } finally {
    await marking.close();
  }
});
