import { test, expect, type Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TaskView } from '../server/orchestrator/face/task-views.js';
import { startTestHub, makeTempHome, type TestHub } from '../test/support/test-hub.js';
import { FAKE_AGENT, FAKE_AGENT_ADAPTERS } from '../test/support/orchestrator-fixture.js';
import { spyOnNotifications } from '../test/support/e2e/notification-spy.js';

/**
 * Orchestrated tasks in the portal, in a real browser against a real hub (built bundle: `npm run build`):
 * the task appears in the interaction list, its page answers a waiting question or a parsed menu, and its
 * live terminal (xterm.js, loaded only when attached) takes keystrokes that the program reacts to.
 */
let hub: TestHub;
test.beforeEach(async () => {
  const home = await makeTempHome('gatehouse-e2e-tasks-');
  writeFileSync(join(home, 'adapters.yaml'), FAKE_AGENT_ADAPTERS);
  hub = await startTestHub({ home });
});
test.afterEach(async () => hub.stop());

async function startTask(task: object): Promise<string> {
  const { session } = await hub.client.request<{ session: { id: string } }>('POST', '/api/workflows', { workflow: { name: 'e2e', stages: [{ tasks: [{ name: 'pal', keepAlive: true, ...task }] }] } });
  return `${session.id}.pal`;
}

const taskOf = async (id: string) => (await hub.client.request<{ task: TaskView }>('GET', `/api/tasks/${encodeURIComponent(id)}`)).task;

/** Opens the portal's list, where the waiting task shows up, and follows its row to the task page. */
async function openFromList(page: Page, id: string): Promise<string[]> {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto(`${hub.baseUrl}/?token=${encodeURIComponent(hub.token)}`);
  const row = page.locator(`li.irow[data-id="${id}"]`);
  await expect(row).toHaveAttribute('data-status', 'WAITING_FOR_USER');
  await row.locator('a').click();
  await expect(page).toHaveURL(new RegExp(`/tasks/${id.replace('.', '\\.')}$`));
  await expect(page.getByTestId('task-page')).toBeVisible();
  return requested;
}

test('a waiting task: answer its y/n question on the page, then type into the live terminal and see the agent react', async ({ page }) => {
  const id = await startTask({ adapter: 'fake-agent' });
  await expect.poll(async () => (await taskOf(id)).status, { timeout: 30_000 }).toBe('WAITING_FOR_USER');
  const requested = await openFromList(page, id);
  await expect(page.getByTestId('task-status')).toHaveText('Waiting for you');
  await expect(page.getByTestId('task-interaction')).toContainText('Allow this action? (y/n)');
  await page.getByTestId('task-answer-input').fill('y');
  await page.getByTestId('task-answer-send').click();
  await expect(page.getByTestId('task-status')).toHaveText('Done (still running)');
  expect(requested.filter((u) => u.includes('xterm'))).toEqual([]); // xterm.js only loads on attach
  // What decided each state change, in the task's view.
  await page.getByTestId('task-explain').locator('summary').click();
  await expect(page.getByTestId('task-explain').locator('li')).toContainText([/WAITING_FOR_USER ← screen read as a question$/, /DONE ← screen read as idle$/]);

  await page.getByTestId('task-attach').click();
  const terminal = page.getByTestId('task-terminal');
  await expect(terminal).toHaveAttribute('data-status', 'attached');
  expect(requested.some((u) => u.includes('xterm'))).toBe(true);
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
  await openFromList(page, id);
  await expect(page.getByTestId('task-interaction')).toContainText('Pick a model');
  await expect(page.getByTestId('task-option')).toHaveText(['fast-small', 'balanced-medium', 'careful-large']);
  await page.getByTestId('task-option').filter({ hasText: 'careful-large' }).click();
  await expect(page.getByTestId('task-status')).toHaveText('Done (still running)');
  await page.getByTestId('task-attach').click();
  await expect(page.getByTestId('task-terminal').locator('.xterm-rows')).toContainText('Model set to careful-large.');
});

test('a background task that starts waiting raises a browser notification from the portal', async ({ page, context }) => {
  await spyOnNotifications(context, hub.baseUrl);
  await page.goto(`${hub.baseUrl}/?token=${encodeURIComponent(hub.token)}`);
  // The agent works until the test says so (a file appears): its row is seen RUNNING while the tab is visible,
  // then the tab is hidden, and only then does the agent stop to ask.
  const go = join(hub.home, 'work-done');
  const id = await startTask({ adapter: 'fake-agent', env: { FAKE_AGENT_WORK_UNTIL: go } });
  await expect(page.locator(`li.irow[data-id="${id}"]`)).toHaveAttribute('data-status', 'RUNNING');
  await page.evaluate(() => (window as unknown as { __setHidden(h: boolean): void }).__setHidden(true));
  writeFileSync(go, '');
  await expect(page.locator(`li.irow[data-id="${id}"]`)).toHaveAttribute('data-status', 'WAITING_FOR_USER', { timeout: 30_000 });
  const notes = () => page.evaluate(() => (window as unknown as { __notes: Array<{ title: string; body?: string }> }).__notes);
  await expect.poll(notes).toEqual([expect.objectContaining({ body: 'e2e · pal' })]);
});
