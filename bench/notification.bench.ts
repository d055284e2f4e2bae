import type { Browser, Page } from '@playwright/test';
import type { ChoiceSessionView } from '../shared/choice/session-types.js';
import { choiceUrl } from '../server/hub/handoff.js';
import { startTestHub, type TestHub } from '../test/support/test-hub.js';
import { openHiddenPortal, type HiddenPortal } from '../test/support/e2e/hidden-portal.js';
import { startCdpChromium } from '../test/support/e2e/cdp-chromium.js';
import { summarise, type BenchModule, type BenchRow } from './bench-row.js';
import { launch } from './portal.bench.js';
import { sampleRequest } from './support/sample-request.js';
import { wireGet } from '../test/support/wire-fetch.js';

const RUNS = Number(process.env.GATEHOUSE_BENCH_NOTIFY_RUNS ?? 20);

const createGate = (hub: TestHub) => hub.client.request<{ session: ChoiceSessionView; url: string }>('POST', '/api/sessions', { ...sampleRequest, timeout_seconds: 600 });
/** The agent's poll: the long wait `gatehouse mcp` makes, resolved when the gate is answered. */
const agentPoll = (hub: TestHub, id: string) => hub.client.request('GET', `/api/sessions/${id}/wait?seconds=50`);

/**
 * The portal's notifications (issue 32 §1) beside its own answer path, in one Chromium and one hub: gate created →
 * notification shown (the worker's word to the hidden portal, by the page's clock); notification action → the agent's
 * poll returns; a click on the page's answer → the agent's poll returns.
 */
/** Gates raised one after another while `hidden` is hidden: created → shown, and its action → the agent's poll. */
async function notifiedAndAnswered(hidden: HiddenPortal, hub: TestHub): Promise<{ shown: number[]; viaNotification: number[] }> {
  const shown: number[] = [];
  const viaNotification: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const created = Date.now();
    const { session } = await createGate(hub);
    await hidden.shown(session.id);
    shown.push((await hidden.shownAt(session.id))! - created);
    const poll = agentPoll(hub, session.id);
    const tapped = Date.now();
    await hidden.click(session.id, 'answer:pg');
    await poll;
    viaNotification.push(Date.now() - tapped);
  }
  return { shown, viaNotification };
}

/**
 * The portal's notifications (issue 32 §1) beside its own answer path, in one Chromium and one hub: gate created →
 * notification shown (the worker's word to the hidden portal, by the page's clock); notification action → the agent's
 * poll returns; a click on the page's answer → the agent's poll returns.
 */
async function notificationPaths(browser: Browser, hub: TestHub): Promise<BenchRow[]> {
  const context = await browser.newContext();
  const viaPage: number[] = [];
  let notified: { shown: number[]; viaNotification: number[] };
  try {
    notified = await notifiedAndAnswered(await openHiddenPortal(hub, context), hub);
    const page = await context.newPage();
    for (let i = 0; i < RUNS; i++) {
      const { session } = await createGate(hub);
      await page.goto(choiceUrl(hub.baseUrl, hub.token, session.id));
      await page.locator('.conn-open').waitFor();
      const poll = agentPoll(hub, session.id);
      const clicked = Date.now();
      await page.getByTestId('submit').click();
      await poll;
      viaPage.push(Date.now() - clicked);
    }
  } finally {
    await context.close();
  }
  const pageMedian = summarise('', viaPage).median;
  return [
    summarise('gate created → its notification shown (service worker, hidden portal)', notified.shown, { note: 'created by the API, shown when the worker tells the portal' }),
    summarise("notification action → the agent's poll returns", notified.viaNotification, { note: `${(summarise('', notified.viaNotification).median / pageMedian).toFixed(2)}× the page's path below (same run)` }),
    summarise("the page's answer click → the agent's poll returns (same run)", viaPage),
  ];
}

/** The same with the portal's tab really hidden (Chromium driven over CDP, a tab in front): background throttling. */
async function reallyHiddenPaths(hub: TestHub): Promise<BenchRow[]> {
  const chromium = await startCdpChromium();
  try {
    const { shown, viaNotification } = await notifiedAndAnswered(await openHiddenPortal(hub, chromium.context, 'behind'), hub);
    return [
      summarise('gate created → its notification shown, portal tab really behind another (CDP Chromium)', shown),
      summarise("its notification action → the agent's poll returns (portal really behind)", viaNotification),
    ];
  } finally {
    await chromium.stop();
  }
}

/** Marks (the page's clock) the first frame in which the gate's answer form is on the page. */
function markAnswerable(): void {
  const marks: { answerable?: number } = {};
  (window as unknown as { __marks: typeof marks }).__marks = marks;
  const observer = new MutationObserver(() => {
    if (marks.answerable !== undefined || !document.querySelector('[data-testid=answer-form] [data-testid=submit], [data-testid=answer-form] .perm-btn')) return;
    observer.disconnect();
    requestAnimationFrame((at) => (marks.answerable ??= at));
  });
  observer.observe(document, { subtree: true, childList: true });
}

/** One gate link opened in `page`: bytes from the network (not from the worker's cache) and navigation → answerable. */
async function openGateLink(page: Page, hub: TestHub): Promise<{ kb: number; ms: number }> {
  const { url } = await createGate(hub);
  const sizes: Array<Promise<number>> = [];
  const onFinished = (request: import('@playwright/test').Request) => {
    // The page's HTML comes from the hub through the worker (navigation preload): counted below by its own timing entry.
    if (request.isNavigationRequest()) return;
    sizes.push(request.response().then(async (response) => (response && !response.fromServiceWorker() ? (await request.sizes()).responseBodySize : 0)));
  };
  page.on('requestfinished', onFinished);
  await page.goto(url);
  const marks = await page.waitForFunction(() => (window as unknown as { __marks: { answerable?: number } }).__marks.answerable ?? false);
  const ms = (await marks.jsonValue()) as number;
  await page.locator('.conn-open').waitFor();
  await page.waitForLoadState('networkidle');
  page.off('requestfinished', onFinished);
  // Served through the worker, the HTML's timing entry has its decoded size: its wire size is that of the same page
  // fetched again with the same cookie (brotli, as the browser's navigation preload fetched it).
  const cookie = (await page.context().cookies(hub.baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
  const html = (await wireGet(page.url(), { cookie })).wireBytes;
  return { kb: (html + (await Promise.all(sizes)).reduce((a, b) => a + b, 0)) / 1024, ms };
}

/** A gate link's page on a browser's first visit, then (the worker in place, its cache filled) on a later one. */
async function gatePageVisits(browser: Browser, hub: TestHub): Promise<BenchRow[]> {
  const first = { kb: [] as number[], ms: [] as number[] };
  const later = { kb: [] as number[], ms: [] as number[] };
  for (let i = 0; i < Math.min(RUNS, 10); i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(markAnswerable);
    const a = await openGateLink(page, hub);
    first.kb.push(a.kb);
    first.ms.push(a.ms);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    });
    const b = await openGateLink(page, hub);
    later.kb.push(b.kb);
    later.ms.push(b.ms);
    await context.close();
  }
  return [
    summarise('gate link, first visit: bytes on the wire until live (brotli)', first.kb, { unit: 'KB', goal: '≤ 20 KB' }),
    summarise('gate link, first visit: navigation → answerable (page clock)', first.ms),
    summarise('gate link, later visit (service worker): bytes on the wire until live', later.kb, { unit: 'KB', goal: 'far less than the first' }),
    summarise('gate link, later visit (service worker): navigation → answerable (page clock)', later.ms),
  ];
}

const notificationBench: BenchModule = {
  title: "portal notifications: the service worker's notification and its answer, beside the page's",
  async rows(): Promise<BenchRow[]> {
    const hub = await startTestHub();
    const browser = await launch();
    try {
      return [...(await notificationPaths(browser, hub)), ...(await reallyHiddenPaths(hub)), ...(await gatePageVisits(browser, hub))];
    } finally {
      await browser.close();
      await hub.stop();
    }
  },
};
export default notificationBench;
