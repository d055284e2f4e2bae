import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';

export interface CdpChromium {
  browser: Browser;
  /** Chromium's own default context, which Playwright leaves as it is (no focus emulation): a tab behind is hidden. */
  context: BrowserContext;
  /** Closes the connection, kills the Chromium and deletes its profile; safe to call twice. */
  stop(): Promise<void>;
}

const FLAGS = ['--headless', '--remote-debugging-port=0', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/**
 * Chromium (/usr/bin/chromium, or GATEHOUSE_CHROMIUM) started by hand, headless with its own temp profile, and driven
 * over CDP (`connectOverCDP`, `noDefaults`): unlike `chromium.launch()`, whose focus emulation keeps every page
 * `visible`, a tab behind the one brought to the front is really hidden, as for a person (issue 32's notes).
 * `headed`: drawn on $DISPLAY (a manual capture under Xvfb: e2e/notification-shots.spec.ts; no test needs a display);
 * `args`: more flags.
 * Killed (its whole process group) when this process exits, if `stop` was never called.
 */
export async function startCdpChromium({ headed = false, args = [] }: { headed?: boolean; args?: string[] } = {}): Promise<CdpChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'gatehouse-cdp-'));
  // Its own process group, so that a kill reaches its renderers and helpers too.
  const child = spawn(process.env.GATEHOUSE_CHROMIUM ?? '/usr/bin/chromium', [...FLAGS.filter((f) => !headed || f !== '--headless'), `--user-data-dir=${profile}`, ...args, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  const killAll = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', killAll);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopped = false;
  const stop = async (browser?: Browser) => {
    if (stopped) return;
    stopped = true;
    // Asked to close (it ends its own helpers), killed if it has not within 10 s.
    const closing = browser
      ?.newBrowserCDPSession()
      .then((cdp) => cdp.send('Browser.close'))
      .catch(() => undefined);
    const late = setTimeout(killAll, closing ? 10_000 : 0);
    await exited;
    clearTimeout(late);
    killAll(); // any helper still up
    process.off('exit', killAll);
    await closing;
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  };
  try {
    const endpoint = await new Promise<string>((resolve, reject) => {
      let said = '';
      const listen = (chunk: Buffer) => {
        said += chunk.toString();
        const m = /DevTools listening on (ws:\/\/\S+)/.exec(said);
        if (!m) return;
        child.stderr!.off('data', listen);
        child.stderr!.resume(); // drained from now on, unread
        resolve(m[1]!);
      };
      child.stderr!.on('data', listen);
      child.once('exit', (code, signal) => reject(new Error(`chromium exited (${code ?? signal}) before its DevTools endpoint:\n${said}`)));
      child.once('error', reject);
    });
    const browser = await chromium.connectOverCDP(endpoint, { noDefaults: true });
    return { browser, context: browser.contexts()[0]!, stop: () => stop(browser) };
  } catch (err) {
    await stop();
    throw err;
  }
}
