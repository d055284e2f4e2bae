import { test, expect, type Page } from '@playwright/test';
import preact from '@preact/preset-vite';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import type { TaskView } from '../server/orchestrator/task-views.js';
import { startTestHub, makeTempHome, type TestHub } from '../test/support/test-hub.js';
import { FAKE_AGENT, FAKE_AGENT_ADAPTERS } from '../test/orchestrator/support.js';

/**
 * The task page (web/tasks) in a real browser against a real hub. Until the portal routes /tasks/<id> to it,
 * the component is bundled here by Vite and added to a real portal page of the hub (same origin: the
 * credential cookie, the hub's CSP and Origin check apply); its script files are served on the hub's origin
 * through Playwright routing. Every API call and WebSocket goes to the real hub.
 */
const HARNESS = '/__task-harness';
let bundleDir = '';
let files: Map<string, { body: Buffer; type: string }>;
let entryScript = '';
let stylesheets: string[] = [];

test.beforeAll(async () => {
  bundleDir = mkdtempSync(join(tmpdir(), 'gatehouse-task-page-'));
  const entry = join(bundleDir, 'entry.ts');
  writeFileSync(
    entry,
    [
      `import { mountTaskPage } from ${JSON.stringify(resolve('web/tasks/TaskPage.tsx'))};`,
      `const root = document.createElement('div');`,
      `document.body.prepend(root); // above the portal page: xterm.js renders only while visible`,
      `mountTaskPage(root, new URLSearchParams(location.search).get('task')!);`,
    ].join('\n'),
  );
  await build({
    configFile: false,
    logLevel: 'error',
    root: resolve('.'),
    base: `${HARNESS}/`,
    plugins: [preact()],
    build: { outDir: join(bundleDir, 'out'), emptyOutDir: true, manifest: true, rollupOptions: { input: entry } },
  });
  const manifest = JSON.parse(readFileSync(join(bundleDir, 'out', '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; css?: string[]; isEntry?: boolean }>;
  const main = Object.values(manifest).find((m) => m.isEntry)!;
  const css = [...new Set(Object.values(manifest).flatMap((m) => m.css ?? []))];
  files = new Map();
  entryScript = main.file;
  stylesheets = css;
  for (const m of Object.values(manifest)) for (const f of [m.file, ...(m.css ?? [])]) files.set(f, { type: f.endsWith('.css') ? 'text/css' : 'text/javascript', body: readFileSync(join(bundleDir, 'out', f)) });
});

test.afterAll(() => rmSync(bundleDir, { recursive: true, force: true }));

let hub: TestHub;
test.beforeEach(async () => {
  const home = await makeTempHome('gatehouse-e2e-tasks-');
  writeFileSync(join(home, 'adapters.yaml'), FAKE_AGENT_ADAPTERS);
  hub = await startTestHub({ home });
});
test.afterEach(async () => hub.stop());

async function startTask(task: object): Promise<string> {
  const { session } = await hub.client.request<{ session: { id: string } }>('POST', '/api/workflows', { workflow: { stages: [{ tasks: [{ name: 'pal', keepAlive: true, ...task }] }] } });
  return `${session.id}.pal`;
}

const taskOf = async (id: string) => (await hub.client.request<{ task: TaskView }>('GET', `/api/tasks/${encodeURIComponent(id)}`)).task;

async function openTaskPage(page: Page, id: string): Promise<void> {
  await page.route(`${hub.baseUrl}${HARNESS}/**`, (route) => {
    const name = new URL(route.request().url()).pathname.slice(HARNESS.length + 1);
    const file = files.get(name);
    return file ? route.fulfill({ status: 200, contentType: file.type, body: file.body }) : route.fulfill({ status: 404 });
  });
  await page.goto(`${hub.baseUrl}/?token=${encodeURIComponent(hub.token)}`); // sets the credential cookie
  await page.goto(`${hub.baseUrl}/?task=${encodeURIComponent(id)}`);
  for (const css of stylesheets) await page.addStyleTag({ url: `${HARNESS}/${css}` });
  await page.addScriptTag({ url: `${HARNESS}/${entryScript}`, type: 'module' });
  await expect(page.getByTestId('task-page')).toBeVisible();
}

test('a waiting task: answer its y/n question on the page, then type into the live terminal and see the agent react', async ({ page }) => {
  const id = await startTask({ adapter: 'fake-agent' });
  await expect.poll(async () => (await taskOf(id)).status, { timeout: 30_000 }).toBe('WAITING_FOR_USER');
  await openTaskPage(page, id);
  await expect(page.getByTestId('task-status')).toHaveText('WAITING_FOR_USER');
  await expect(page.getByTestId('task-interaction')).toContainText('Allow this action? (y/n)');
  await expect(page.locator('.xterm')).toHaveCount(0); // xterm.js is not loaded until attached
  await page.getByTestId('task-answer-input').fill('y');
  await page.getByTestId('task-answer-send').click();
  await expect(page.getByTestId('task-status')).toHaveText('DONE (alive)');

  await page.getByTestId('task-attach').click();
  const terminal = page.getByTestId('task-terminal');
  await expect(terminal).toHaveAttribute('data-status', 'attached');
  await expect(terminal.locator('.xterm-rows')).toContainText('Action approved.');
  await terminal.locator('.xterm').click();
  await page.keyboard.type('hello from the browser');
  await page.keyboard.press('Enter');
  await expect(terminal.locator('.xterm-rows')).toContainText('You said: hello from the browser');
  // Detaching (closing the terminal) leaves the task running.
  await page.getByTestId('task-attach').click();
  await expect(terminal).toHaveCount(0);
  expect(await taskOf(id)).toMatchObject({ status: 'DONE', alive: true });
});

test('a detected menu is answered as a choice (applied as arrow keys by the hub)', async ({ page }) => {
  const id = await startTask({ command: process.execPath, args: [FAKE_AGENT, '--auto-approve'], idle: ['^> ?$'], busy: ['esc to interrupt'], pendingInputs: ['/menu'] });
  await expect.poll(async () => (await taskOf(id)).status, { timeout: 30_000 }).toBe('WAITING_FOR_USER');
  await openTaskPage(page, id);
  await expect(page.getByTestId('task-interaction')).toContainText('Pick a model');
  await expect(page.getByTestId('task-option')).toHaveText(['fast-small', 'balanced-medium', 'careful-large']);
  await page.getByTestId('task-option').filter({ hasText: 'careful-large' }).click();
  await expect(page.getByTestId('task-status')).toHaveText('DONE (alive)');
  await page.getByTestId('task-attach').click();
  await expect(page.getByTestId('task-terminal').locator('.xterm-rows')).toContainText('Model set to careful-large.');
});
