import type { Page, Route } from '@playwright/test';
import { createChoice, expect, getSession, test } from '../test/support/e2e/portal-fixture.js';

/**
 * A choice page's first HTML holds the question and its form, rendered by the hub with the portal's own components
 * (web/ssr/, server/web-portal/choice-ssr.ts): answerable before the bundle has loaded, and taken over by it when it
 * runs — the same DOM, what the person did meanwhile kept, and from then on the bundle's own behaviour.
 */
const BUNDLE_JS = /\/assets\/[^/]+\/[^/]+\.js$/;

/**
 * The page's DOM without what changes by itself (the countdown, the connection chip, "asked … ago") and the
 * notifications banner, which the live page adds when the browser may still ask (no server can know that).
 */
const appDom = (page: Page) =>
  page.locator('#app').evaluate((app) => {
    const copy = app.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('[data-testid=countdown], [data-testid=connection], .choice-meta > .muted, [data-testid=notify-prompt]').forEach((el) => el.remove());
    return copy.innerHTML;
  });

test('with the bundle blocked, the question is on the page and answered through its own form', async ({ page, hub }) => {
  const { gate_url, session } = await createChoice(hub, { allow_free_text: true });
  await page.route(BUNDLE_JS, (route) => route.abort());
  await page.goto(gate_url);
  await expect(page.getByRole('heading', { level: 1, name: 'Pick a database' })).toBeVisible();
  await expect(page.getByTestId('prompt')).toContainText('set up storage');
  // Accessible as the bundle's form is: real radios named by their labels, described, in a labelled group.
  const sqlite = page.getByRole('radio', { name: /SQLite/ });
  await expect(page.getByRole('group', { name: 'Choose one option.' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /PostgreSQL/ })).toBeChecked(); // the recommended option
  await expect(sqlite).toHaveAccessibleDescription('Embedded, zero setup.');
  await sqlite.check();
  await page.getByTestId('note-sqlite').fill('for the tests');
  await page.getByTestId('global-note').fill('keep it small');
  await page.getByTestId('submit').click();
  await page.waitForURL((url) => url.pathname === `/choice/${session.id}` && !url.search);
  const answered = await getSession(hub, session.id);
  expect(answered.status).toBe('submitted');
  expect(answered.result).toMatchObject({ selected: [{ id: 'sqlite' }], annotations: { sqlite: 'for the tests' }, global_annotation: 'keep it small', interface: 'web' });
});

test('the bundle takes the page over: same DOM, the pick and the typing made before it ran kept, then its own submit', async ({ page, hub }) => {
  const { gate_url, session } = await createChoice(hub);
  // The bundle is held back until the person has used the page.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(BUNDLE_JS, async (route: Route) => {
    await released;
    await route.continue();
  });
  // Not 'domcontentloaded': that waits for the module script, which is held back.
  await page.goto(gate_url, { waitUntil: 'commit' });
  await expect(page.getByTestId('answer-form')).toBeVisible();
  await expect(page.getByTestId('connection')).toHaveAttribute('class', /conn-connecting/);
  const before = await appDom(page);
  await page.getByRole('radio', { name: /MongoDB/ }).check();
  await page.getByTestId('note-mongo').fill('events only');
  release();
  await expect(page.getByTestId('connection')).toHaveAttribute('class', /conn-open/);
  // Taken over, not redrawn: the person's field still has the focus and the text, the pick is still made.
  await expect(page.getByTestId('note-mongo')).toBeFocused();
  await expect(page.getByTestId('note-mongo')).toHaveValue('events only');
  await expect(page.getByRole('radio', { name: /MongoDB/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /PostgreSQL/ })).not.toBeChecked();
  const after = await appDom(page);
  // The same elements; only the pick's highlight moved (the bundle's state now knows the pick).
  const unpicked = (html: string) => html.replace(/ option-checked/g, '');
  expect(unpicked(after)).toBe(unpicked(before));
  await expect(page.locator('.option-checked')).toHaveAttribute('data-option', 'mongo');
  // Now the bundle's own form: Submit sends over the API and the page shows the outcome without leaving.
  await page.getByTestId('submit').click();
  await expect(page.getByTestId('final-state')).toBeVisible();
  expect(page.url()).toBe(gate_url.split('?')[0]);
  const answered = await getSession(hub, session.id);
  expect(answered.result).toMatchObject({ selected: [{ id: 'mongo' }], annotations: { mongo: 'events only' } });
});

test('a page with the bundle as usual answers as before and draws nothing twice', async ({ page, hub }) => {
  const { gate_url, session } = await createChoice(hub);
  await page.goto(gate_url);
  await expect(page.getByTestId('connection')).toHaveAttribute('class', /conn-open/);
  await expect(page.locator('[data-testid=answer-form]')).toHaveCount(1);
  await expect(page.getByTestId('choice-title')).toBeFocused(); // the page opens on the question
  await page.getByRole('radio', { name: /SQLite/ }).check();
  await page.getByTestId('submit').click();
  await expect(page.getByTestId('final-state')).toBeVisible();
  expect((await getSession(hub, session.id)).result).toMatchObject({ selected: [{ id: 'sqlite' }] });
});
