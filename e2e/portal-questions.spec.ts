import { portalUrl } from '../server/hub/handoff.js';
import { expect, getSession, openPortal, test, type Created } from '../test/support/e2e/portal-fixture.js';
import { shotPath } from '../test/support/e2e/screenshots.js';

const request = {
  title: 'Set up the orders service',
  prompt: 'The orders service needs three decisions before I scaffold it.',
  questions: [
    { question: 'Which database should it use?', header: 'Database', options: [{ id: 'pg', label: 'PostgreSQL', recommended: true, description: 'Already used by billing.' }, { id: 'lite', label: 'SQLite' }] },
    { question: 'Which extras should it start with?', header: 'Extras', multi_select: true, options: [{ id: 'auth', label: 'Auth' }, { id: 'cache', label: 'Cache' }, { id: 'queue', label: 'Queue' }] },
    { question: 'What should the service be called?', header: 'Name', allow_free_text: true, options: [{ id: 'orders', label: 'orders' }, { id: 'order-desk', label: 'order-desk' }] },
  ],
  interface: 'web',
  timeout_seconds: 600,
};

test.describe('choice page: several questions in one gate', () => {
  test('one form: header chips, per-question keys and errors, one Submit → exact answers; final state lists them', async ({ page, hub }) => {
    const { session, url } = await hub.client.request<Created>('POST', '/api/sessions', request);
    // In the portal's list, the row says it holds several questions (a person tells it from a one-question gate).
    await openPortal(page, portalUrl(hub.baseUrl, hub.token));
    await expect(page.locator(`[data-testid=interaction-list] li[data-id="${session.id}"]`).getByTestId('row-questions')).toHaveText('3 questions');
    await openPortal(page, url);
    const questions = page.locator('[data-question]');
    await expect(questions).toHaveCount(3);
    await expect(page.getByTestId('question-chip-0')).toHaveText('Database');
    await expect(page.getByTestId('question-chip-1')).toHaveText('Extras');
    await expect(page.getByTestId('question-0')).toContainText('Which database should it use?');
    await expect(page.getByTestId('question-0').getByRole('radio', { name: /PostgreSQL/ })).toBeChecked(); // recommended preselected
    await expect(page.getByTestId('submit')).toHaveCount(1);

    // Submitting with the extras question empty names that question and submits nothing.
    await page.getByTestId('submit').click();
    await expect(page.getByTestId('question-error-1')).toHaveText('Select at least 1 (you selected 0).');
    await expect(page.getByTestId('question-error-0')).toHaveCount(0);
    await expect(page.getByTestId('question-1').getByRole('checkbox', { name: /Auth/ })).toBeFocused();
    expect((await getSession(hub, session.id)).status).toBe('pending');

    // Keys: a number picks in the focused question; ←/→ move between questions.
    await page.keyboard.press('3'); // Extras is focused: toggles Queue
    await page.keyboard.press('1'); // … and Auth
    await expect(page.getByTestId('question-1').getByRole('checkbox', { name: /Queue/ })).toBeChecked();
    await expect(page.getByTestId('question-1').getByRole('checkbox', { name: /Auth/ })).toBeChecked();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('question-0').getByRole('radio', { name: /PostgreSQL/ })).toBeFocused();
    await page.keyboard.press('2'); // Database: SQLite, and a one-answer question moves on to the next
    await expect(page.getByTestId('question-0').getByRole('radio', { name: /SQLite/ })).toBeChecked();
    await expect(page.getByTestId('question-1')).toHaveClass(/question-active/);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('question-2').getByRole('radio', { name: /orders$/ })).toBeFocused();
    await page.getByTestId('free-text-2').fill('order-hub');
    await page.getByTestId('global-note').fill('thanks');
    await page.screenshot({ path: shotPath('questions-form.png'), fullPage: true });

    await page.getByTestId('submit').click();
    await expect(page.getByTestId('final-state')).toBeVisible();
    const done = await getSession(hub, session.id);
    expect(done.result).toMatchObject({
      status: 'submitted',
      selected: [],
      global_annotation: 'thanks',
      interface: 'web',
      answers: [
        { question_index: 0, selected: [{ id: 'lite', label: 'SQLite' }] },
        { question_index: 1, selected: [{ id: 'queue', label: 'Queue' }, { id: 'auth', label: 'Auth' }] },
        { question_index: 2, selected: [], free_text: 'order-hub' },
      ],
    });
    await expect(page.getByTestId('final-answer-0')).toHaveText('SQLite');
    await expect(page.getByTestId('final-answer-1')).toHaveText('Queue, Auth');
    await expect(page.getByTestId('final-answer-2')).toHaveText('order-hub');
    await page.screenshot({ path: shotPath('questions-final.png'), fullPage: true });

    // History lists the gate with each question's answer, and finds it by a question's text.
    await page.goto(`${hub.baseUrl}/history?token=${hub.token}`); // the whole portal, not the gate link
    await page.getByTestId('history-search').fill('extras should it start');
    await expect(page.getByTestId('history-list').locator('li')).toHaveCount(1);
    await expect(page.getByTestId('history-answer')).toHaveText('Database: SQLite · Extras: Queue, Auth · Name: order-hub');
  });

  test('the draft of every question survives a reload', async ({ page, hub }) => {
    const { session, url } = await hub.client.request<Created>('POST', '/api/sessions', request);
    await openPortal(page, url);
    await page.getByTestId('question-1').getByRole('checkbox', { name: /Cache/ }).check();
    await page.getByTestId('free-text-2').fill('draft-name');
    await expect.poll(async () => (await getSession(hub, session.id)).draft?.answers?.[2]?.free_text).toBe('draft-name');
    await page.reload();
    await expect(page.getByTestId('question-1').getByRole('checkbox', { name: /Cache/ })).toBeChecked();
    await expect(page.getByTestId('free-text-2')).toHaveValue('draft-name');
  });
});

test.describe('several questions with scripts off', () => {
  test.use({ javaScriptEnabled: false });
  test('the plain list says a gate asks several questions, as the scripted list does', async ({ page, hub }) => {
    await hub.client.request<Created>('POST', '/api/sessions', request);
    await hub.client.request<Created>('POST', '/api/sessions', { prompt: 'One question', options: [{ id: 'a', label: 'A' }], interface: 'web', timeout_seconds: 600 });
    await page.goto(portalUrl(hub.baseUrl, hub.token));
    const rows = page.getByTestId('fallback-list').locator('li');
    await expect(rows.filter({ hasText: request.title }).getByTestId('row-questions')).toHaveText('3 questions');
    await expect(rows.filter({ hasText: 'One question' }).getByTestId('row-questions')).toHaveCount(0);
  });
  test('the plain form asks every question; a missing answer comes back named with the picks kept, then submits', async ({ page, hub }) => {
    const { session, url } = await hub.client.request<Created>('POST', '/api/sessions', request);
    await page.goto(url);
    const form = page.getByTestId('fallback-form');
    await expect(form.locator('fieldset[data-question]')).toHaveCount(3);
    await form.locator('fieldset[data-question="0"]').getByRole('radio', { name: 'SQLite' }).check();
    await page.getByRole('button', { name: 'Submit' }).click(); // Extras and Name unanswered
    await expect(page.getByRole('alert')).toContainText('answers[1].selected_ids: select at least 1 (got 0)');
    await expect(page.getByTestId('fallback-form').locator('fieldset[data-question="0"]').getByRole('radio', { name: 'SQLite' })).toBeChecked();
    await page.getByTestId('fallback-form').locator('fieldset[data-question="1"]').getByRole('checkbox', { name: 'Cache' }).check();
    await page.getByTestId('fallback-form').locator('textarea[name=free_text_2]').fill('order-hub');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByTestId('fallback-final')).toBeVisible();
    await expect(page.locator('main')).toContainText('Database: SQLite · Extras: Cache · Name: order-hub');
    expect((await getSession(hub, session.id)).result!.answers).toEqual([
      { question_index: 0, selected: [{ id: 'lite', label: 'SQLite' }] },
      { question_index: 1, selected: [{ id: 'cache', label: 'Cache' }] },
      { question_index: 2, selected: [], free_text: 'order-hub' },
    ]);
  });
});
