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
 * Killed when this process exits, if `stop` was never called.
 */
export async function startCdpChromium(): Promise<CdpChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'gatehouse-cdp-'));
  const child = spawn(process.env.GATEHOUSE_CHROMIUM ?? '/usr/bin/chromium', [...FLAGS, `--user-data-dir=${profile}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopped = false;
  const stop = async (browser?: Browser) => {
    if (stopped) return;
    stopped = true;
    await browser?.close().catch(() => undefined);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    process.off('exit', killOnExit);
    rmSync(profile, { recursive: true, force: true });
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
