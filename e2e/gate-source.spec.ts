import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { portalUrl } from '../server/hub/handoff.js';
import { startTestMcp, type TestMcp } from '../test/support/mcp-client.js';
import { expect, openPortal, test } from '../test/support/e2e/portal-fixture.js';
import { shotPath } from '../test/support/e2e/screenshots.js';

// Three agents in three projects ask the same question: the person tells the rows apart without opening them.
const question = {
  prompt: 'Which database should the service use?\n\nThe service has none yet.',
  options: [{ id: 'pg', label: 'PostgreSQL' }, { id: 'lite', label: 'SQLite' }],
  interface: 'web',
  timeout_seconds: 600,
};

test('three MCP clients give three rows with their own agent and project; the list filters by project', async ({ page, hub }) => {
  await mkdir(resolve('.tmp'), { recursive: true });
  const base = await realpath(await mkdtemp(join(resolve('.tmp'), 'gate-source-e2e-')));
  const clients: TestMcp[] = [];
  try {
    const agents = [
      { name: 'claude-code', version: '2.1', project: 'shop' },
      { name: 'codex', version: '0.40', project: 'blog' },
      { name: 'gemini-cli', version: '1.0', project: 'infra' },
    ];
    const ids: string[] = [];
    for (const a of agents) {
      const cwd = join(base, a.project);
      await mkdir(join(cwd, '.git'), { recursive: true });
      await writeFile(join(cwd, '.git', 'HEAD'), 'ref: refs/heads/main\n');
      const client = await startTestMcp(hub.env, {}, { name: a.name, version: a.version, cwd });
      clients.push(client);
      ids.push((await client.call<{ session_id: string }>('provide_choice', { ...question, context: `${a.project}: adding storage` })).session_id);
    }

    await openPortal(page, portalUrl(hub.baseUrl, hub.token));
    const list = page.getByTestId('interaction-list');
    for (const [i, a] of agents.entries()) {
      const row = list.locator(`li[data-id="${ids[i]}"]`);
      await expect(row.locator('.irow-title')).toHaveText('Which database should the service use?');
      await expect(row.getByTestId('row-source')).toHaveText(`${a.name} ${a.version} · ${a.project} @ main`);
      await expect(row.getByTestId('row-source')).toHaveAttribute('title', join(base, a.project));
      await expect(row.getByTestId('row-left')).toContainText('left');
      await expect(row.getByTestId('row-questions')).toHaveCount(0); // one question: no count chip
    }
    await page.screenshot({ path: shotPath('gate-source-list.png') });

    await page.getByTestId('project-filter').selectOption(join(base, 'blog'));
    await expect(list.locator('li[data-id]')).toHaveCount(1);
    await expect(list.locator('li[data-id]').first()).toHaveAttribute('data-id', ids[1]);
    await page.getByTestId('project-filter').selectOption('');
    await expect(list.locator('li[data-id]')).toHaveCount(3);

    // The question page says who asks (full path on hover) and does not repeat the title as the prompt's first line.
    await list.locator(`li[data-id="${ids[0]}"] a`).click();
    await expect(page.getByTestId('choice-source')).toContainText('claude-code 2.1');
    await expect(page.getByTestId('choice-project')).toHaveAttribute('title', join(base, 'shop'));
    await expect(page.getByTestId('choice-context')).toHaveText('shop: adding storage');
    await expect(page.getByTestId('prompt')).toHaveText('The service has none yet.');
    await page.screenshot({ path: shotPath('gate-source-question.png') });

    // History lists finished gates and says the three pending ones are in the list, rather than a bare 0.
    await page.goto(`${hub.baseUrl}/history`);
    await expect(page.getByTestId('history-scope')).toContainText('3 still pending');
  } finally {
    for (const c of clients) await c.close();
    await rm(base, { recursive: true, force: true });
  }
});

// A prompt that is exactly its title (an agent that gave no title and one line) is said once: as the title.
const titleOnly = { prompt: 'Which database should the service use?', options: question.options, interface: 'web', timeout_seconds: 600 };

test('a prompt that is only its title is said once on the question page', async ({ page, hub }) => {
  const { url } = await hub.client.request<{ url: string }>('POST', '/api/sessions', titleOnly);
  await openPortal(page, url);
  await expect(page.getByTestId('choice-title')).toHaveText(titleOnly.prompt);
  await expect(page.getByRole('radio', { name: /PostgreSQL/ })).toBeVisible();
  await expect(page.getByTestId('prompt')).toHaveCount(0);
  expect((await page.getByTestId('choice').innerText()).split(titleOnly.prompt)).toHaveLength(2);
});

test.describe('with scripts off', () => {
  test.use({ javaScriptEnabled: false });
  test('a prompt that is only its title is said once in the plain page', async ({ page, hub }) => {
    const { url } = await hub.client.request<{ url: string }>('POST', '/api/sessions', titleOnly);
    await page.goto(url);
    await expect(page.getByTestId('fallback-form')).toBeVisible();
    await expect(page.locator('main .prompt')).toHaveCount(0);
    expect((await page.locator('main').innerText()).split(titleOnly.prompt)).toHaveLength(2);
  });
});
