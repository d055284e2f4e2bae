// "Always" writes the narrowest rule that covers a request; in the portal the person may widen it first and sees
// the rule that will be written (issue 21, grants from the answer). A real hub, its hook route, real Chromium.
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { choiceUrl } from '../server/hub/handoff.js';
import type { InteractionSummary } from '../shared/interactions.js';
import type { TestHub } from '../test/support/test-hub.js';
import { expect, test } from '../test/support/e2e/portal-fixture.js';
import { shotPath } from '../test/support/e2e/screenshots.js';

function project(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'gatehouse-widen-')), 'app');
  mkdirSync(join(dir, '.git'), { recursive: true });
  return dir;
}

const hook = (hub: TestHub, command: string, cwd: string) =>
  hub.client.request<{ decision: string; session_id: string | null; decided_by: { kind: string; text: string } }>('POST', '/api/hooks/claude/permission', {
    input: { session_id: 's-1', hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command }, cwd },
    wait_seconds: 120,
  });

async function pendingGate(hub: TestHub): Promise<string> {
  for (;;) {
    const { interactions } = await hub.client.request<{ interactions: InteractionSummary[] }>('GET', '/api/interactions?filter=active');
    const row = interactions.find((i) => i.kind === 'choice' && i.status === 'pending');
    if (row) return row.id;
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('always, widened in the portal before saving: the wider rule is shown, written, and lets the next command through with no gate', async ({ page, hub }) => {
  const cwd = project();
  const asked = hook(hub, 'npm run lint', cwd);
  const gate = await pendingGate(hub);
  await page.goto(choiceUrl(hub.baseUrl, hub.token, gate));
  const always = page.getByTestId('answer-always');
  await expect(always).toContainText('Yes, and always allow Bash(npm run lint)');
  await page.getByTestId('perm-widen').check();
  await expect(always).toContainText('Yes, and always allow Bash(npm run lint:*)');
  await page.screenshot({ path: shotPath('permission-widen.png') });
  await always.click();
  const decided = await asked;
  expect(decided).toMatchObject({ decision: 'allow', decided_by: { kind: 'person' } });
  expect(decided.decided_by.text).toContain('wrote allow: Bash(npm run lint:*)');
  const policy = readFileSync(join(hub.home, 'policy.yaml'), 'utf8');
  expect(policy).toContain('Bash(npm run lint:*)');
  expect(policy).not.toMatch(/Bash\(npm run lint\)\s*$/m);
  // The wider rule decides the next one: no gate.
  expect(await hook(hub, 'npm run lint --fix', cwd)).toMatchObject({ decision: 'allow', session_id: null, decided_by: { kind: 'rule', rule: 'Bash(npm run lint:*)' } });
});

test('not widened: always writes the narrowest rule, as from Telegram or gatehouse answer', async ({ page, hub }) => {
  const cwd = project();
  const asked = hook(hub, 'make docs', cwd);
  const gate = await pendingGate(hub);
  await page.goto(choiceUrl(hub.baseUrl, hub.token, gate));
  await page.getByTestId('answer-always').click();
  expect((await asked).decided_by.text).toContain('wrote allow: Bash(make docs) ');
  expect(readFileSync(join(hub.home, 'policy.yaml'), 'utf8')).toContain('Bash(make docs)');
  // The narrow rule does not cover more words: that one is put to the person.
  void hook(hub, 'make docs --all', cwd).catch(() => undefined);
  expect(await pendingGate(hub)).not.toBe(gate);
});
