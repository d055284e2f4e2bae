import { test, expect, type Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResolveState, ResolveTaskView } from '../server/resolver/resolve-types.js';
import { defaultTsciFixtureData, startFakeTsciRegistry, tsciChildEnv, type FakeTsciRegistry } from '../test/support/fake-tsci-registry.js';
import { startTestHub, type TestHub } from '../test/support/test-hub.js';
import { expectNoKeyNames } from '../test/support/e2e/i18n-keys.js';
import { SHOTS_DIR } from '../test/support/e2e/screenshots.js';

/**
 * The portal's resolve task page (/resolve/<id>) on a REAL resolve task: a real hub (built dist) drives the
 * fake tsci in a pseudo-terminal against the fake registry; the agent's side is the hub's HTTP API. The page
 * must follow the task live (no reload), show the relayed menu and tsci's screen, and offer no inputs.
 */
const FAKE_TSCI = fileURLToPath(new URL('../test/fixtures/programs/fake-tsci/tsci.mjs', import.meta.url));
const SHOTS = SHOTS_DIR; // test-results/screenshots/, not a fixed /tmp path

let registry: FakeTsciRegistry;
let hub: TestHub;
let project: string;

test.beforeEach(async () => {
  registry = await startFakeTsciRegistry(defaultTsciFixtureData);
  hub = await startTestHub({ env: { ...tsciChildEnv(registry), GATEHOUSE_TSCI: `${process.execPath} ${FAKE_TSCI}` } });
  project = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-resolve-'));
});
test.afterEach(async () => {
  await hub?.stop();
  await registry?.close();
  rmSync(project, { recursive: true, force: true });
});

const taskOf = (id: string) => hub.client.request<ResolveTaskView>('GET', `/api/resolve/${id}`);

async function startResolve(name: string): Promise<string> {
  const { task_id } = await hub.client.request<{ task_id: string }>('POST', '/api/resolve', { component_name: name, project_dir: project });
  return task_id;
}

async function untilState(id: string, states: ResolveState[]): Promise<ResolveTaskView> {
  let last: ResolveTaskView | undefined;
  await expect.poll(async () => states.includes((last = await taskOf(id)).state), { timeout: 30_000 }).toBe(true);
  return last!;
}

async function openResolvePage(page: Page, id: string): Promise<void> {
  await page.goto(`${hub.baseUrl}/resolve/${id}?token=${encodeURIComponent(hub.token)}`);
  await expect(page).toHaveURL(new RegExp(`/resolve/${id}$`)); // the token left the address bar
  await expect(page.getByTestId('resolve-page')).toBeVisible();
}

async function shoot(page: Page, name: string, check: () => Promise<void>): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const lang of ['en', 'zh'] as const) {
    await hub.client.request('PUT', '/api/settings', { language: lang }); // the page switches live
    await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await check();
      await expectNoKeyNames(page);
      await page.screenshot({ path: `${SHOTS}/resolve-${name}-${lang}-${scheme}.png`, fullPage: true });
    }
  }
  await hub.client.request('PUT', '/api/settings', { language: 'en' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

test('many results: the menu on the page and on the live screen, read-only; the agent picks → finished with the file, no reload; closed stays readable', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const id = await startResolve('100nF');
  await openResolvePage(page, id); // opened while tsci is still searching: everything after this arrives live
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  const view = page.getByTestId('resolve-page');
  await expect(view).toHaveAttribute('data-state', 'selection_required', { timeout: 30_000 });
  const task = await taskOf(id);
  const options = task.selection!.options;
  expect(options).toHaveLength(10);
  await expect(page.getByTestId('resolve-state')).toHaveText('Selection needed');
  await expect(page.getByTestId('resolve-waiting-on')).toHaveAttribute('data-waiting', 'agent');
  await expect(page.getByTestId('resolve-readonly')).toHaveText('The agent answers this; you are watching.');
  await expect(page.getByTestId('resolve-component')).toHaveText('100nF');
  await expect(page.getByTestId('resolve-prompt')).toHaveText(task.selection!.prompt);
  await expect(page.getByTestId('resolve-option-text')).toHaveText(options); // verbatim, in order
  await expect(page.getByTestId('resolve-option').nth(task.selection!.cursor_index)).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('[data-testid=resolve-option][aria-current]')).toHaveCount(1);
  const screen = page.getByTestId('resolve-screen');
  await expect(screen).toHaveAttribute('data-live', 'true');
  await expect(screen).toContainText('Select a part to import');
  await expect(screen).toContainText('[jlcpcb] CL05B104KO5NNNC (C1525) - 100nF 16V X7R 0402');
  await expect(screen).toContainText('[jlcpcb] CC0402KRX7R7BB104 (C307331)');
  // Read-only for the person: nothing to type into or press on the page itself.
  await expect(view.locator('input, textarea, select, button, [contenteditable]')).toHaveCount(0);
  // Its row in the list: waiting on the agent, marked as the page shown.
  const row = page.locator(`li.irow[data-id="${id}"]`);
  await expect(row).toHaveAttribute('data-status', 'selection_required');
  await expect(row).toHaveClass(/irow-current/);
  await shoot(page, 'selection', async () => {
    await expect(page.getByTestId('resolve-option')).toHaveCount(10);
  });

  // The agent answers through the hub; the page follows without a reload.
  await hub.client.request('POST', `/api/resolve/${id}/select`, { selection_id: task.selection!.selection_id, selected_option: 'C307331' });
  await expect(view).toHaveAttribute('data-state', 'finished', { timeout: 30_000 });
  const finished = await taskOf(id);
  expect(finished.location).toBe(join(project, 'imports', 'CC0402KRX7R7BB104.tsx'));
  await expect(page.getByTestId('resolve-location')).toHaveText(finished.location!);
  await expect(page.getByTestId('resolve-source')).toHaveAttribute('data-source', 'global');
  await expect(page.getByTestId('resolve-state')).toHaveText('Finished');
  await expect(page.getByTestId('resolve-waiting-on')).toHaveAttribute('data-waiting', 'none');
  await expect(page.getByTestId('resolve-over')).toHaveText('This task is over — shown read-only.');
  await expect(page.getByTestId('resolve-selection')).toHaveCount(0);
  await expect(screen).toHaveAttribute('data-live', 'false');
  await expect(screen).toContainText('CC0402KRX7R7BB104');
  await expect(row).toHaveAttribute('data-status', 'finished');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await shoot(page, 'finished', async () => {
    await expect(page.getByTestId('resolve-location')).toBeVisible();
  });

  // The agent closes it: the page says so and keeps the last view; reopened, the list row still describes it.
  await hub.client.request('DELETE', `/api/resolve/${id}`);
  await expect(view).toHaveAttribute('data-closed', 'true');
  await expect(page.getByTestId('resolve-over')).toHaveText('The agent closed this task — shown read-only.');
  await expect(page.getByTestId('resolve-location')).toHaveText(finished.location!);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await page.reload();
  await expect(view).toHaveAttribute('data-closed', 'true');
  await expect(page.getByTestId('resolve-state')).toHaveAttribute('data-state', 'finished');
  // Reopened after the close, the hub still serves the last view: the file and tsci's last screen.
  await expect(page.getByTestId('resolve-location')).toHaveText(finished.location!);
  await expect(screen).toContainText('CC0402KRX7R7BB104');
  // The agent's side is unchanged: once closed, the task is gone for the tools.
  await expect(hub.client.request('GET', `/api/resolve/${id}`)).rejects.toThrow(/no resolve task/);
});

test('a failed import re-presents the same options with tsci’s error; a search with no result fails with tsci’s words and exit code', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const id = await startResolve('BQ79616');
  const waiting = await untilState(id, ['selection_required']);
  await openResolvePage(page, id);
  await expect(page.getByTestId('resolve-option-text')).toHaveText(waiting.selection!.options);
  await hub.client.request('POST', `/api/resolve/${id}/select`, { selection_id: waiting.selection!.selection_id, selected_option: 'C2862814' });
  await expect(page.getByTestId('resolve-retry-error')).toBeVisible({ timeout: 30_000 });
  const again = await taskOf(id);
  expect(again.state).toBe('selection_required');
  await expect(page.getByTestId('resolve-selection')).toHaveAttribute('data-selection-id', again.selection!.selection_id);
  await expect(page.getByTestId('resolve-option-text')).toHaveText(again.selection!.options);
  await expect(page.getByTestId('resolve-retry-error').locator('pre')).toHaveText(again.error!);
  await shoot(page, 'retry', async () => {
    await expect(page.getByTestId('resolve-retry-error')).toBeVisible();
  });
  await hub.client.request('DELETE', `/api/resolve/${id}`);
  await expect(page.getByTestId('resolve-page')).toHaveAttribute('data-closed', 'true');
  await expect(page.getByTestId('resolve-waiting-on')).toHaveAttribute('data-waiting', 'none');
  await expect(page.getByTestId('resolve-closed-badge')).toHaveText('Closed');
  await expect(page.getByTestId('resolve-selection').locator('h2')).toHaveText('Last selection (never answered)');
  await expect(page.getByTestId('resolve-screen')).toHaveAttribute('data-live', 'false');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: `${SHOTS}/resolve-closed-en-light.png`, fullPage: true });

  const none = await startResolve('NOSUCHPART');
  await openResolvePage(page, none);
  await expect(page.getByTestId('resolve-page')).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
  const failed = await taskOf(none);
  await expect(page.getByTestId('resolve-reason')).toHaveText(failed.reason!);
  await expect(page.getByTestId('resolve-reason')).toContainText('No results found for "NOSUCHPART"');
  await expect(page.getByTestId('resolve-exit-code')).toHaveText('0');
  await shoot(page, 'failed', async () => {
    await expect(page.getByTestId('resolve-failure')).toBeVisible();
  });
});

test('an unknown resolve id gets the portal’s not-found page', async ({ page }) => {
  const response = await page.goto(`${hub.baseUrl}/resolve/rc-nosuch?token=${encodeURIComponent(hub.token)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByTestId('resolve-page')).toHaveCount(0);
});
