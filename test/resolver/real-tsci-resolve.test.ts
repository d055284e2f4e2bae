// The REAL tsci (e2e-tsci/, installed by `bash .ci/install-tsci.sh`), offline against the fake registry,
// through the real hub and the MCP tools. Required in CI; skipped locally when not installed.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { startTestMcp, type TestMcp } from '../support/mcp-client.js';
import { defaultTsciFixtureData, startFakeTsciRegistry, tsciChildEnv, type FakeTsciRegistry } from '../support/fake-tsci-registry.js';

const REAL_CLI = fileURLToPath(new URL('../../e2e-tsci/node_modules/tscircuit/cli.mjs', import.meta.url));
const installed = existsSync(REAL_CLI);
const STEP = 120_000;

type Status = {
  task_id: string;
  state: string;
  selection?: { selection_id: string; prompt: string; options: string[]; answer_with: string };
  error?: string;
  location?: string;
  source?: string;
  reason?: string;
  exit_code?: number | null;
};

describe.skipIf(!installed)('resolve_component on the real tsci (offline)', () => {
  let registry: FakeTsciRegistry;
  let hub: TestHub;
  let mcp: TestMcp;
  const dirs: string[] = [];
  const project = () => {
    const d = mkdtempSync(join(tmpdir(), 'gatehouse-real-tsci-'));
    dirs.push(d);
    return d;
  };
  const status = (id: string) => mcp.call<Status>('resolve_component_status', { task_id: id });
  async function until(id: string, done: (s: Status) => boolean): Promise<Status> {
    let last: Status | undefined;
    await expect.poll(async () => done((last = await status(id))), { timeout: STEP, interval: 50 }).toBe(true);
    return last!;
  }
  const settled = (s: Status) => ['selection_required', 'finished', 'failed'].includes(s.state);
  const started: string[] = [];
  const start = async (component_name: string, project_dir: string, flags?: string[]) => {
    const id = (await mcp.call<Status>('resolve_component_start', { component_name, project_dir, flags })).task_id;
    started.push(id);
    return id;
  };
  const select = (task_id: string, selection_id: string, answer: { selected_option?: string; text?: string }) =>
    mcp.call<Status>('resolve_component_select', { task_id, selection_id, ...answer });
  const close = (task_id: string) => mcp.call('resolve_component_close', { task_id });

  beforeAll(async () => {
    registry = await startFakeTsciRegistry(defaultTsciFixtureData);
    hub = await startTestHub({ env: { ...tsciChildEnv(registry), GATEHOUSE_TSCI: `${process.execPath} ${REAL_CLI}` } });
    mcp = await startTestMcp(hub.env);
  }, 60_000);

  // A test that fails midway leaves its task running; the next one could not start (one task at a time).
  afterEach(async () => {
    for (const id of started.splice(0)) await mcp.call('resolve_component_close', { task_id: id }).catch(() => undefined);
  });

  afterAll(async () => {
    await mcp?.close();
    await hub?.stop();
    await registry?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  test('many results → the menu relayed verbatim → a pick → the file the import created', { timeout: 2 * STEP }, async () => {
    const dir = project();
    const id = await start('100nF', dir);
    const menu = await until(id, settled);
    expect(menu.state).toBe('selection_required');
    expect(menu.selection!.prompt).toBe('? Select a part to import › - Use arrow-keys. Return to submit.');
    expect(menu.selection!.options).toHaveLength(10);
    expect(menu.selection!.options[0]).toBe('[jlcpcb] CL05B104KO5NNNC (C1525) - 100nF 16V X7R 0402');
    await select(id, menu.selection!.selection_id, { selected_option: 'CC0805KRX7R9BB104' });
    const done = await until(id, (s) => s.state === 'finished' || s.state === 'failed');
    expect(done).toMatchObject({ state: 'finished', source: 'global', location: join(dir, 'imports', 'CC0805KRX7R9BB104.tsx') });
    expect(readFileSync(done.location!, 'utf8')).toContain('C49678');
    await close(id);
  });

  test('one result → finished without a selection; no result → honest failure', { timeout: 2 * STEP }, async () => {
    const dir = project();
    const one = await start('CL05B104KO5NNNC', dir);
    expect(await until(one, settled)).toMatchObject({ state: 'finished', location: join(dir, 'imports', 'CL05B104KO5NNNC.tsx') });
    await close(one);
    const none = await start('NOSUCHPART', project());
    const failed = await until(none, settled);
    expect(failed).toMatchObject({ state: 'failed', exit_code: 0 });
    expect(failed.reason).toContain('No results found for "NOSUCHPART"');
    await close(none);
  });

  test('a failed import re-presents the same options with the verbatim error', { timeout: 3 * STEP }, async () => {
    const dir = project();
    const id = await start('BQ79616', dir);
    const menu = await until(id, settled);
    expect(menu.selection!.options).toHaveLength(4);
    await select(id, menu.selection!.selection_id, { selected_option: 'BQ79616PAPQ1 ' });
    const again = await until(id, (s) => s.state !== 'trying_import' && s.state !== 'checking_global');
    expect(again.state).toBe('selection_required');
    expect(again.selection).toEqual(menu.selection);
    expect(again.error).toContain('Component not found in EasyEDA library search for "C2862814"');
    await select(id, again.selection!.selection_id, { selected_option: 'BQ79616PAPRQ1' });
    expect(await until(id, (s) => s.state === 'finished' || s.state === 'failed')).toMatchObject({ state: 'finished', location: join(dir, 'imports', 'BQ79616PAPRQ1.tsx') });
    await close(id);
  });

  test('the (Y/n) confirm under the spinner reaches the agent and is answered', { timeout: 3 * STEP }, async () => {
    const dir = project();
    const id = await start('bq79616', dir, ['--tscircuit']);
    const menu = await until(id, settled);
    await select(id, menu.selection!.selection_id, { selected_option: 'seveibar/bq79616-breakout' });
    const confirm = await until(id, (s) => s.state !== 'trying_import');
    expect(confirm.state).toBe('selection_required');
    expect(confirm.selection).toMatchObject({
      prompt: "? No .npmrc entry for @tsci packages was found. Add '@tsci:registry=https://npm.tscircuit.com'? › (Y/n)",
      options: [],
      answer_with: 'text',
    });
    await select(id, confirm.selection!.selection_id, { text: 'y' });
    const done = await until(id, (s) => s.state === 'finished' || s.state === 'failed');
    expect(done).toMatchObject({ state: 'finished', source: 'global' });
    expect(done.location).toContain('@tsci/seveibar.bq79616-breakout');
    await close(id);
  });

  test('a menu longer than its window is presented in full', { timeout: 2 * STEP }, async () => {
    const id = await start('100nF', project(), ['--tscircuit', '--jlcpcb']);
    const menu = await until(id, settled);
    expect(menu.selection!.options).toHaveLength(12);
    expect(menu.selection!.options.at(-1)).toBe('[jlcpcb] CL05A104KA5NNNC (C1591) - 100nF 25V X5R 0402');
    await close(id);
  });
});

describe.skipIf(installed || !process.env.CI)('real tsci in CI', () => {
  test('is installed (bash .ci/install-tsci.sh)', () => {
    expect.fail(`real tsci missing at ${REAL_CLI}: run bash .ci/install-tsci.sh`);
  });
});
