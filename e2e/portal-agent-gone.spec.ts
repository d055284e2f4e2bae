import { choiceUrl } from '../server/hub/handoff.js';
import { startTestMcp } from '../test/support/mcp-client.js';
import { expect, getSession, openPortal, test } from '../test/support/e2e/portal-fixture.js';
import { shotPath } from '../test/support/e2e/screenshots.js';

// A headless agent (its `gatehouse mcp` client) asks, then goes away: the open page and the list say so at once,
// the question can still be answered, and the answered page says no agent has read it.
const question = {
  title: 'Which database should the service use?',
  prompt: 'Which database should the service use?\n\nThe service has none yet.',
  options: [{ id: 'pg', label: 'PostgreSQL' }, { id: 'lite', label: 'SQLite' }],
  interface: 'web',
  timeout_seconds: 600,
};

test('the agent that asked goes away: the page and the list show it live; an answer is still taken and says no agent read it', async ({ page, hub }) => {
  const agent = await startTestMcp(hub.env, {}, { name: 'gemini-cli', version: '0.61.0' });
  const { session_id } = await agent.call<{ session_id: string }>('provide_choice', question);
  await openPortal(page, choiceUrl(hub.baseUrl, hub.token, session_id));
  await expect(page.getByTestId('choice-title')).toHaveText(question.title);
  await expect(page.getByTestId('agent-gone')).toHaveCount(0);
  const row = page.getByTestId('interaction-list').locator(`li[data-id="${session_id}"]`);
  await expect(row.getByTestId('row-agent-gone')).toHaveCount(0);

  await agent.close(); // the client ends: `gatehouse mcp` sees its stdin close
  await expect(page.getByTestId('agent-gone')).toContainText('The agent that asked has gone');
  await expect(page.getByTestId('agent-gone')).toContainText('You can still answer');
  await expect(row.getByTestId('row-agent-gone')).toHaveText('Agent gone');
  await page.screenshot({ path: shotPath('agent-gone-question.png'), fullPage: true });

  await page.getByRole('radio', { name: /SQLite/ }).check();
  await page.getByTestId('submit').click();
  await expect(page.getByTestId('final-agent-gone')).toContainText('The agent that asked left');
  expect((await getSession(hub, session_id)).status).toBe('submitted');
  await page.screenshot({ path: shotPath('agent-gone-answered.png'), fullPage: true });
});

test.describe('CHOICE_LANG=zh', () => {
  test.use({ hubEnv: { CHOICE_LANG: 'zh' } });
  test('says it in Chinese', async ({ page, hub }) => {
    const agent = await startTestMcp(hub.env);
    const { session_id } = await agent.call<{ session_id: string }>('provide_choice', question);
    await agent.close();
    await expect.poll(async () => Boolean((await getSession(hub, session_id)).agent_gone_at)).toBe(true);
    await openPortal(page, choiceUrl(hub.baseUrl, hub.token, session_id));
    await expect(page.getByTestId('agent-gone')).toContainText('提问的智能体已离开');
    await expect(page.getByTestId('interaction-list').locator(`li[data-id="${session_id}"]`).getByTestId('row-agent-gone')).toHaveText('智能体已离开');
    await page.screenshot({ path: shotPath('agent-gone-question-zh.png'), fullPage: true });
  });
});
