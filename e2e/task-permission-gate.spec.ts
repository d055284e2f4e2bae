import { test, expect } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestHub, type TestHub } from '../test/support/test-hub.js';

/**
 * A task's permission request (its agent's hook, inside `gatehouse run`) is a permission gate in the portal too:
 * the gate's row is in the list beside the task's, the task's page shows the gate's options and links to the
 * gate, and an answer given on the task's page is the gate's answer (issue 21, one path).
 */
let hub: TestHub;
let project: string;
test.beforeEach(async () => {
  hub = await startTestHub();
  project = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-task-gate-'));
});
test.afterEach(async () => {
  await hub.stop();
  rmSync(project, { recursive: true, force: true });
});

test("a task's permission gate: in the list, linked from the task's page, answered there", async ({ page }) => {
  const { session } = await hub.client.request<{ session: { id: string } }>('POST', '/api/workflows', {
    workflow: { name: 'nightly', stages: [{ tasks: [{ name: 'builder', command: 'sleep', args: ['60'], interactive: false }] }] },
  });
  const id = `${session.id}.builder`;
  const input = { hook_event_name: 'PermissionRequest', session_id: 's-1', tool_name: 'Bash', tool_input: { command: 'rm -rf build' }, cwd: project };
  const decided = hub.client.request<{ decision: string }>('POST', `/api/tasks/${encodeURIComponent(id)}/hooks/claude/PermissionRequest`, { input, wait_seconds: 60 });

  await page.goto(`${hub.baseUrl}/?token=${encodeURIComponent(hub.token)}`);
  const taskRow = page.locator(`li.irow[data-id="${id}"]`);
  await expect(taskRow).toHaveAttribute('data-status', 'WAITING_FOR_USER');
  const gateRow = page.locator('li.irow', { hasText: 'Claude Code: allow Bash?' });
  await expect(gateRow).toContainText('nightly/builder');

  await taskRow.locator('a').click();
  await expect(page.getByTestId('task-interaction')).toContainText('Claude Code wants to use Bash: rm -rf build');
  await expect(page.getByTestId('task-option').first()).toHaveText('Yes, allow this once');
  await page.getByTestId('task-gate-link').click();
  await expect(page).toHaveURL(/\/choice\//);
  await expect(page.locator('body')).toContainText('rm -rf build');
  await page.goBack();

  await page.getByTestId('task-option').filter({ hasText: /^No$/ }).click();
  expect((await decided).decision).toBe('deny');
  await expect(page.getByTestId('task-status')).not.toHaveText('Waiting for you');
});
