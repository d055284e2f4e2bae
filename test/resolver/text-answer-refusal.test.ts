// A text answer the program's screen neither shows nor answers is refused (no Enter), and the selection stays open.
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { startResolverRig, type ResolverRig } from '../support/resolver-rig.js';

const READER = fileURLToPath(new URL('../fixtures/programs/pty/raw-line-reader.mjs', import.meta.url));
const rigs: ResolverRig[] = [];
afterAll(async () => {
  for (const rig of rigs) await rig.close();
});

/** The reader as tsci (`<tsci> import <name>`): how it shows what is typed comes first. */
async function rigShowing(show: 'silent' | 'echo'): Promise<ResolverRig> {
  const rig = await startResolverRig(`${process.execPath} ${READER} ${show}`);
  rigs.push(rig);
  return rig;
}

describe('resolve_component_select with text', () => {
  test('into a field that neither echoes nor changes the screen: refused, Enter not pressed, the selection kept open', async () => {
    const rig = await rigShowing('silent');
    const task = rig.manager.start({ component_name: 'C1', project_dir: rig.project() });
    const view = await rig.waitFor(task.id, ['selection_required', 'failed', 'finished']);
    expect(view.selection).toMatchObject({ prompt: 'Token:', answer_with: 'text' });
    rig.manager.select(task.id, { selection_id: view.selection!.selection_id, text: 'abc' });
    await expect.poll(() => rig.manager.get(task.id).view().error ?? '', { timeout: 30_000, interval: 5 }).toContain('typed "abc": the screen neither showed it nor changed');
    const after = rig.manager.get(task.id).view();
    expect(after.state).toBe('selection_required');
    expect(after.error).toContain('Enter was not pressed');
    expect(after.screen!.lines.join('\n')).not.toContain('got');
  });

  test('into a field that echoes: typed, Enter pressed, the program gets exactly the text', async () => {
    const rig = await rigShowing('echo');
    const task = rig.manager.start({ component_name: 'C1', project_dir: rig.project() });
    const view = await rig.waitFor(task.id, ['selection_required', 'failed', 'finished']);
    rig.manager.select(task.id, { selection_id: view.selection!.selection_id, text: 'abc' });
    // It imports nothing, so the run ends failed with its own words: what it got.
    const done = await rig.waitFor(task.id, ['failed', 'finished']);
    expect(done.reason).toContain('got "abc"');
  });
});
