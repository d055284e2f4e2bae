import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { webDistDir } from '../server/web-portal/web-assets.js';
import { startTestHub, type TestHub } from '../test/support/test-hub.js';
import { summarise, type BenchModule, type BenchRow } from './bench-row.js';
import { launch } from './portal.bench.js';
import { sampleRequest } from './support/sample-request.js';

const request = { ...sampleRequest, timeout_seconds: 600 };

/**
 * The page's first contentful paint, on its own clock (ms since its navigation started): the first frame the person
 * sees, and on each page measured here the first one holds the question's form (the hub's render, the bundle's
 * synchronous first render, the bare form), so it is when the page can be answered. Checked: the form is there.
 */
async function answerableAt(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  const fcp = await page.waitForFunction(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return paint && document.querySelector('form button[type=submit]') && document.querySelector('form input[name=choice]') ? paint.startTime : false;
  });
  const ms = Number(await fcp.jsonValue());
  await context.close();
  return ms;
}

/** The floor: a bare Node HTTP server's page holding nothing but the question's form (no stylesheet, no script). */
function barePage(): Promise<Server> {
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>q</title></head><body><h1>${request.title}</h1><form method="post"><label><input type="radio" name="choice" value="pg" checked> PostgreSQL</label><label><input type="radio" name="choice" value="sqlite"> SQLite</label><button type="submit">Submit</button></form></body></html>`;
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * mcp-feedback-enhanced 1.2.23 (a PyPI package) cannot be installed where only the npm registry is reached: issue 25
 * measured the choice page before the hub rendered it at 3.3× that peer's page, so the peer is taken as the page
 * without the server render (measured here, in the same run) / 3.3.
 */
const BEFORE_OVER_PEER = 3.3;

const firstPageBench: BenchModule = {
  title: 'first load of a question page in Chromium → answerable',
  async rows(): Promise<BenchRow[]> {
    // The same build without its server render (dist/web less ssr/): the page as the bundle alone drew it before.
    const bundleOnly = await mkdtemp(join(tmpdir(), 'gatehouse-web-no-ssr-'));
    await cp(webDistDir(), bundleOnly, { recursive: true, filter: (src) => !src.startsWith(join(webDistDir(), 'ssr')) });
    const hubs: TestHub[] = [await startTestHub(), await startTestHub({ env: { GATEHOUSE_WEB_DIST: bundleOnly } })];
    const bare = await barePage();
    const browser = await launch();
    const [rendered, bundleDrawn, floor]: number[][] = [[], [], []];
    try {
      const gateUrl = async (hub: TestHub) => (await hub.client.request<{ url: string }>('POST', '/api/sessions', request)).url;
      // A first page per hub, not timed: each hub's first render and Chromium's first load of the bundle.
      for (const hub of hubs) await answerableAt(browser, await gateUrl(hub));
      for (let i = 0; i < 15; i++) {
        rendered.push(await answerableAt(browser, await gateUrl(hubs[0])));
        bundleDrawn.push(await answerableAt(browser, await gateUrl(hubs[1])));
        floor.push(await answerableAt(browser, `http://127.0.0.1:${(bare.address() as { port: number }).port}/`));
      }
    } finally {
      await browser.close();
      bare.close();
      await Promise.all(hubs.map((hub) => hub.stop()));
      await rm(bundleOnly, { recursive: true, force: true });
    }
    const median = (xs: number[]) => summarise('', xs).median;
    const peer = median(bundleDrawn) / BEFORE_OVER_PEER;
    const vs = (xs: number[]) => `${(median(xs) / peer).toFixed(2)}× peer (≈ ${peer.toFixed(0)} ms), ${(median(xs) / median(floor)).toFixed(2)}× bare form`;
    return [
      summarise('choice page (gate link) → answerable: first contentful paint, rendered by the hub (page clock)', rendered, { goal: '≤ 1.5× peer', note: vs(rendered) }),
      summarise('the same page drawn by the bundle alone (no server render, as before)', bundleDrawn, { note: vs(bundleDrawn) }),
      summarise('floor: a bare Node server\'s page with the form alone', floor, { note: 'no stylesheet, no script' }),
    ];
  },
};
export default firstPageBench;
