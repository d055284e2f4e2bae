import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ResolveError } from '../../server/resolver/resolve-types.js';
import { startResolverRig, type ResolverRig } from '../support/resolver-rig.js';

let rig: ResolverRig;
beforeAll(async () => {
  rig = await startResolverRig();
});
afterAll(async () => rig?.close());
afterEach(async () => rig?.manager.closeAll());

async function closeTask(id: string) {
  await rig.manager.close(id);
}

describe('resolve task state machine on the fake tsci', () => {
  test('local component file (case-insensitive) → finished from local, tsci never runs', async () => {
    const dir = rig.project();
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'lib', 'bq79616.tsx'), 'export const X = 1\n');
    const before = rig.registry.requests.length;
    const task = rig.manager.start({ component_name: 'BQ79616', project_dir: dir });
    const view = await rig.waitFor(task.id, ['finished', 'failed']);
    expect(view).toMatchObject({ state: 'finished', source: 'local', location: join(dir, 'lib', 'bq79616.tsx') });
    expect(rig.registry.requests.length).toBe(before);
    await closeTask(task.id);
  });

  test('local @tsci dependency → finished from local', async () => {
    const dir = rig.project();
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ dependencies: { '@tsci/tscircuit.bq79616': '^1.2.0' } }));
    const task = rig.manager.start({ component_name: 'bq79616', project_dir: dir });
    expect(await rig.waitFor(task.id, ['finished', 'failed'])).toMatchObject({ state: 'finished', source: 'local', location: '@tsci/tscircuit.bq79616' });
    await closeTask(task.id);
  });

  test('many results → selection_required with every option → chosen by substring → file written', async () => {
    const dir = rig.project();
    const task = rig.manager.start({ component_name: '100nF', project_dir: dir });
    const view = await rig.waitFor(task.id, ['selection_required', 'failed', 'finished']);
    expect(view.state).toBe('selection_required');
    expect(view.selection).toMatchObject({ selection_id: 'sel-001', prompt: '? Select a part to import › - Use arrow-keys. Return to submit.', cursor_index: 0, answer_with: 'option' });
    expect(view.selection!.options).toHaveLength(10);
    expect(view.selection!.options[1]).toBe('[jlcpcb] CC0402KRX7R7BB104 (C307331) - 100nF 16V X7R 0402 ±10%');
    // no match: an error, state unchanged
    expect(() => rig.manager.select(task.id, { selection_id: 'sel-001', selected_option: 'NOPE-123' })).toThrow(ResolveError);
    expect(rig.manager.get(task.id).state).toBe('selection_required');
    rig.manager.select(task.id, { selection_id: 'sel-001', selected_option: 'CC0603KRX7R9BB104' });
    const done = await rig.waitFor(task.id, ['finished', 'failed']);
    expect(done).toMatchObject({ state: 'finished', source: 'global', location: join(dir, 'imports', 'CC0603KRX7R9BB104.tsx') });
    expect(existsSync(join(dir, 'imports', 'CC0603KRX7R9BB104.tsx'))).toBe(true);
    await closeTask(task.id);
  });

  test('one result → finished without a selection', async () => {
    const dir = rig.project();
    const task = rig.manager.start({ component_name: 'CL05B104KO5NNNC', project_dir: dir });
    const done = await rig.waitFor(task.id, ['finished', 'failed', 'selection_required']);
    if (done.state !== 'finished') console.log(JSON.stringify(done, null, 1));
    expect(done).toMatchObject({ state: 'finished', source: 'global', location: join(dir, 'imports', 'CL05B104KO5NNNC.tsx') });
    await closeTask(task.id);
  });

  test('no result → honest failure with tsci\'s own words and exit code', async () => {
    const task = rig.manager.start({ component_name: 'NOSUCHPART', project_dir: rig.project() });
    const done = await rig.waitFor(task.id, ['finished', 'failed', 'selection_required']);
    expect(done.state).toBe('failed');
    expect(done.exit_code).toBe(0);
    expect(done.reason).toContain('No results found for "NOSUCHPART"');
    await closeTask(task.id);
  });

  test('a failed import re-presents the same selection with the verbatim error; another pick then succeeds', async () => {
    const dir = rig.project();
    const task = rig.manager.start({ component_name: 'BQ79616', project_dir: dir });
    const first = await rig.waitFor(task.id, ['selection_required', 'failed']);
    rig.manager.select(task.id, { selection_id: first.selection!.selection_id, selected_option: 'BQ79616PAPQ1 ' });
    expect(rig.manager.get(task.id).state).toBe('trying_import');
    await expect.poll(() => rig.manager.get(task.id).view().error, { timeout: 30_000 }).toBeTruthy();
    const again = rig.manager.get(task.id).view();
    expect(again.state).toBe('selection_required');
    expect(again.selection).toEqual(first.selection);
    expect(again.error).toContain('Component not found in EasyEDA library search for "C2862814"');
    rig.manager.select(task.id, { selection_id: again.selection!.selection_id, selected_option: 'BQ79616PAPRQ1' });
    expect(await rig.waitFor(task.id, ['finished', 'failed'])).toMatchObject({ state: 'finished', location: join(dir, 'imports', 'BQ79616PAPRQ1.tsx') });
    await closeTask(task.id);
  });

  test('the (Y/n) confirm painted over by a spinner is relayed and answered with text', async () => {
    const dir = rig.project();
    const task = rig.manager.start({ component_name: 'bq79616', project_dir: dir, flags: ['--tscircuit'] });
    const menu = await rig.waitFor(task.id, ['selection_required', 'failed']);
    expect(menu.selection!.options, JSON.stringify(menu)).toContain('tscircuit/bq79616 - BQ79616 16S battery monitor');
    rig.manager.select(task.id, { selection_id: menu.selection!.selection_id, selected_option: 'tscircuit/bq79616 ' });
    await expect.poll(() => rig.manager.get(task.id).view().selection?.selection_id, { timeout: 30_000 }).toBe('sel-002');
    const confirm = rig.manager.get(task.id).view();
    expect(confirm.selection).toMatchObject({
      prompt: "? No .npmrc entry for @tsci packages was found. Add '@tsci:registry=https://npm.tscircuit.com'? › (Y/n)",
      options: [],
      answer_with: 'text',
    });
    rig.manager.select(task.id, { selection_id: 'sel-002', text: 'y' });
    expect(await rig.waitFor(task.id, ['finished', 'failed'])).toMatchObject({ state: 'finished', source: 'global', location: '@tsci/tscircuit.bq79616' });
    await closeTask(task.id);
  });

  test('one task at a time: a second start names the running one; close kills tsci', async () => {
    const task = rig.manager.start({ component_name: '100nF', project_dir: rig.project() });
    await rig.waitFor(task.id, ['selection_required']);
    expect(() => rig.manager.start({ component_name: 'other', project_dir: rig.project() })).toThrow(new RegExp(task.id));
    const pid = (task as unknown as { run: { program: { pid: number } } }).run.program.pid;
    await closeTask(task.id);
    expect(() => process.kill(pid, 0)).toThrow();
    expect(() => rig.manager.get(task.id)).toThrow(/no resolve task/);
  });
});
