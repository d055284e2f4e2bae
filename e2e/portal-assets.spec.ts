import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { choiceUrl, portalUrl } from '../server/hub/handoff.js';
import { createChoice, expect, getSession, test } from '../test/support/e2e/portal-fixture.js';

const DIST = join(process.cwd(), 'dist', 'web');
const STYLES = join(process.cwd(), 'web', 'styles');

/** The concern modules in the order web/styles/manifest.css imports them. */
function styleModules(): string[] {
  return [...readFileSync(join(STYLES, 'manifest.css'), 'utf8').matchAll(/@import '\.\/([\w-]+\.css)'/g)].map((m) => m[1]);
}

/** For each module, a class selector it defines and no other module does. */
function markers(modules: string[]): Array<{ module: string; selector: string }> {
  const classes = modules.map((m) => [...readFileSync(join(STYLES, m), 'utf8').matchAll(/(?:^|[\s,}])(\.[a-z][\w-]*)/g)].map((x) => x[1]));
  return modules.flatMap((module, i) => {
    const others = new Set(classes.filter((_, j) => j !== i).flat());
    const own = classes[i].find((c) => !others.has(c));
    return own ? [{ module, selector: own }] : [];
  });
}

test.describe('assets', () => {
  test('the page references the content-hashed bundle at a versioned, immutable route', async ({ request, hub }) => {
    const { session } = await createChoice(hub);
    const html = await (await request.get(`${hub.baseUrl}/choice/${session.id}`, { headers: { authorization: `Bearer ${hub.token}` } })).text();
    const script = html.match(/<script type="module" src="(\/assets\/(\w+)\/([^"]+))"/)!;
    const style = html.match(/<link rel="stylesheet" href="(\/assets\/(\w+)\/([^"]+))"/)!;
    expect(script && style).toBeTruthy();
    const version = script[2];
    expect(style[2]).toBe(version);

    // The version is a hash over the built files in the order Vite's manifest lists them (entry, its CSS, the rest).
    const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean; css?: string[] }>;
    const entries = Object.values(manifest);
    const entry = entries.find((e) => e.isEntry)!;
    const order = [...new Set([entry.file, ...(entry.css ?? []), ...entries.flatMap((e) => [e.file, ...(e.css ?? [])])])];
    const hash = createHash('sha256');
    for (const f of order) hash.update(readFileSync(join(DIST, f)));
    expect(version).toBe(hash.digest('hex').slice(0, 16));
    expect(script[3]).toBe(entry.file.split('/').pop());

    // No credential needed for the hashed files; long-lived immutable cache headers; exact bytes.
    for (const [url, file, type] of [[script[1], script[3], /javascript/], [style[1], style[3], /text\/css/]] as const) {
      const res = await request.get(`${hub.baseUrl}${url}`, { headers: { cookie: '' } });
      expect(res.status()).toBe(200);
      expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers()['content-type']).toMatch(type);
      expect(Buffer.compare(await res.body(), readFileSync(join(DIST, 'assets', file)))).toBe(0);
    }
    expect((await request.get(`${hub.baseUrl}/assets/0000000000000000/${script[3]}`)).status()).toBe(404);

    // The stylesheet is the concern modules assembled in the manifest's order.
    const css = await (await request.get(`${hub.baseUrl}${style[1]}`)).text();
    const found = markers(styleModules()).map((m) => ({ ...m, at: css.indexOf(m.selector) }));
    expect(found.length).toBeGreaterThanOrEqual(5);
    for (const m of found) expect(m.at, `${m.module} ${m.selector}`).toBeGreaterThanOrEqual(0);
    expect(found.map((m) => m.at)).toEqual([...found.map((m) => m.at)].sort((a, b) => a - b));
  });

  test("a gate link's page, which the hub renders, carries the stylesheet's bytes inline and links none", async ({ page, hub }) => {
    const { gate_url } = await createChoice(hub);
    const answer = await page.goto(gate_url);
    const html = await answer!.text();
    const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, { isEntry?: boolean; css?: string[] }>;
    const css = Object.values(manifest).find((e) => e.isEntry)!.css!;
    expect(css.length).toBeGreaterThan(0);
    for (const file of css) expect(html).toContain(`<style>${readFileSync(join(DIST, file), 'utf8')}</style>`);
    expect(html).not.toContain('<link rel="stylesheet"');
    // Styled as the linked sheet styles it: the page's own layout, before and after the bundle takes it over.
    await expect(page.getByTestId('answer-form')).toBeVisible();
    await expect(page.locator('body')).not.toHaveCSS('margin', '8px');
  });
});

test.describe('inline fallback (no built bundle)', () => {
  test.use({ hubEnv: { GATEHOUSE_WEB_DIST: '/nonexistent-gatehouse-web' } });
  test.use({ javaScriptEnabled: false });
  test('the page still works: list and a plain form that answers the session', async ({ page, hub }) => {
    const { session, url } = await createChoice(hub, { selection_mode: 'multi', max_selections: 2 });
    await page.goto(url);
    await expect(page.locator('body')).toHaveAttribute('data-fallback', 'inline');
    expect(await page.locator('script[src]').count()).toBe(0);
    await expect(page.getByTestId('fallback-list')).toContainText('Pick a database');
    await expect(page.getByRole('checkbox', { name: /PostgreSQL/ })).toBeChecked();
    await page.getByRole('checkbox', { name: /SQLite/ }).check();
    await page.getByRole('checkbox', { name: /MongoDB/ }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toContainText('select at most 2');
    await page.getByRole('checkbox', { name: /PostgreSQL/ }).uncheck();
    await page.getByRole('textbox', { name: 'Note on “SQLite”' }).fill('tiny');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByTestId('fallback-final')).toBeVisible();
    expect((await getSession(hub, session.id)).result).toMatchObject({ status: 'submitted', selected: [{ id: 'sqlite' }, { id: 'mongo' }], annotations: { sqlite: 'tiny' } });
  });
});

test.describe('scripts off (bundle built)', () => {
  test.use({ javaScriptEnabled: false });
  test('a browser without scripts is sent on to the plain page: a person can still cancel with a note', async ({ page, hub }) => {
    const { session, url } = await createChoice(hub);
    await page.goto(url);
    await expect(page.getByTestId('fallback-form')).toBeVisible();
    await page.getByRole('textbox', { name: 'Note for the agent' }).fill('not now');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('fallback-final')).toBeVisible();
    expect((await getSession(hub, session.id)).result).toMatchObject({ status: 'cancelled', global_annotation: 'not now' });
  });

  test('the plain page of the whole portal is styled: the list beside the question', async ({ page, hub }) => {
    await createChoice(hub);
    await page.goto(portalUrl(hub.baseUrl, hub.token));
    await expect(page).toHaveURL(/\/\?plain$/);
    await expect(page.getByTestId('fallback-list')).toBeVisible();
    await expect(page.locator('.fb')).toHaveCSS('display', 'flex');
  });
});

test.describe('first load with the credential', () => {
  // The hub sends the question rendered (web/ssr/): answerable once the HTML and the stylesheet are in, ~1.6 KB more in
  // all (the rendered form beside the boot data, the bundle's take-over) than when the bundle drew it within 20 KB.
  test('a choice page is answerable within 6 KB on the wire (HTML + CSS) and live within 22 KB: everything it fetches until the list and countdown are live', async ({ page, hub }) => {
    const { session } = await createChoice(hub);
    const sizes: Array<Promise<{ url: string; bytes: number }>> = [];
    page.on('requestfinished', (request) => sizes.push(request.sizes().then((s) => ({ url: request.url(), bytes: s.responseBodySize }))));
    await page.goto(choiceUrl(hub.baseUrl, hub.token, session.id));
    await expect(page.getByTestId('interaction-list')).toBeVisible();
    await page.getByTestId('countdown').waitFor();
    await page.waitForLoadState('networkidle');
    const fetched = await Promise.all(sizes);
    const total = (list: typeof fetched) => list.reduce((a, b) => a + b.bytes, 0);
    expect(total(fetched.filter((f) => !f.url.endsWith('.js')))).toBeLessThanOrEqual(6 * 1024);
    expect(total(fetched)).toBeLessThanOrEqual(22 * 1024);
  });

  test('views shown later bring their strings: settings, and the final state of a gate that ends while shown', async ({ page, hub }) => {
    const { session } = await createChoice(hub);
    await page.goto(choiceUrl(hub.baseUrl, hub.token, session.id));
    await page.getByTestId('settings-toggle').click();
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await hub.client.request('POST', `/api/sessions/${session.id}/cancel`, {});
    await expect(page.getByTestId('choice')).toContainText('This interaction is over — shown read-only.');
    await expect(page.getByTestId('final-status')).toBeVisible();
  });
});
