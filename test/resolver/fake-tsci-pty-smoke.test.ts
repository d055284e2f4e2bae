// Drives the fake tsci and (when installed) the real tsci through a real PTY + headless terminal against
// the fake registry, to a written import file. The real one is required in CI (.ci/install-tsci.sh).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultTsciFixtureData, startFakeTsciRegistry, tsciChildEnv, type FakeTsciRegistry } from '../support/fake-tsci-registry.js';
import { startInPty, type PtyScreen } from '../support/pty-screen.js';

const FAKE_TSCI = [process.execPath, fileURLToPath(new URL('../fixtures/programs/fake-tsci/tsci.mjs', import.meta.url))];
const REAL_CLI = fileURLToPath(new URL('../../e2e-tsci/node_modules/tscircuit/cli.mjs', import.meta.url));
const REAL_TSCI = [process.execPath, REAL_CLI];
const realInstalled = existsSync(REAL_CLI);

const MENU_PROMPT = '? Select a part to import › - Use arrow-keys. Return to submit.';
const FIRST_OPTION = '❯   [jlcpcb] CL05B104KO5NNNC (C1525) - 100nF 16V X7R 0402';

let registry: FakeTsciRegistry;
const running: PtyScreen[] = [];
const dirs: string[] = [];
beforeAll(async () => {
  registry = await startFakeTsciRegistry(defaultTsciFixtureData);
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.kill()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await registry.close();
});

function projectDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tsci-project-'));
  dirs.push(dir);
  return dir;
}

function run(tsci: string[], args: string[], cwd: string, extraEnv: Record<string, string> = {}): PtyScreen {
  const p = startInPty([...tsci, ...args], { cwd, env: { ...tsciChildEnv(registry), ...extraEnv } });
  running.push(p);
  return p;
}

const has = (text: string) => (screen: string) => screen.includes(text);

function suite(name: string, tsci: string[], startupMs: number) {
  describe(name, () => {
    it('shows the select menu, takes arrow keys and Enter, and writes imports/<MPN>.tsx', async () => {
      const cwd = projectDir();
      const before = registry.requests.length;
      const p = run(tsci, ['import', '100nF'], cwd);
      await p.waitFor(has('    [jlcpcb] CL05A104KA5NNNC (C1591)'), 'the whole menu', startupMs);
      const lines = p.screen().split('\n');
      expect(lines[0]).toBe(MENU_PROMPT);
      expect(lines.slice(1, 11).every((l) => /^(❯ {3}| {4})\[jlcpcb\] /.test(l))).toBe(true);
      p.press('down');
      p.press('down');
      p.press('enter');
      expect(await p.exited).toBe(0);
      const file = join(cwd, 'imports', 'CC0805KRX7R9BB104.tsx');
      expect(p.screen()).toContain('✔ Select a part to import › [jlcpcb] CC0805KRX7R9BB104 (C49678) - 100nF 50V X7R 0805');
      expect(p.screen()).toContain(`✔ Imported ${file}`);
      expect(readFileSync(file, 'utf8')).toContain('C49678');
      const served = registry.requests.slice(before);
      expect(served.map((r) => `${r.method} ${r.url.split('?')[0]}`)).toContain('GET /jlcsearch/api/search');
      expect(served.every((r) => r.status === 200)).toBe(true);
    });

    it('exits 1 with the error on screen when the picked part fails to import', async () => {
      const cwd = projectDir();
      const p = run(tsci, ['import', 'BQ79616'], cwd);
      await p.waitFor(has('❯   [jlcpcb] BQ79616PAPRQ1 (C2862813)'), 'the menu', startupMs);
      p.press('down');
      p.press('enter');
      expect(await p.exited).toBe(1);
      expect(p.screen()).toContain('✖ Failed to import part');
      expect(p.screen().replace(/\n/g, '')).toContain('Component not found in EasyEDA library search for "C2862814".');
      expect(existsSync(join(cwd, 'imports'))).toBe(false);
    });

    it('asks (Y/n) under the repainting spinner for a registry package and installs it', async () => {
      const cwd = projectDir();
      const p = run(tsci, ['import', 'bq79616', '--tscircuit'], cwd);
      await p.waitFor(has('❯   seveibar/bq79616-breakout - BQ79616 breakout board'), 'the menu', startupMs);
      p.press('enter');
      await p.waitFor((_s, raw) => raw.includes('(Y/n)'), 'the confirm in the transcript');
      const afterConfirm = p.transcript().length;
      await p.waitFor((_s, raw) => raw.slice(afterConfirm).includes('Installing seveibar/bq79616-breakout...'), 'a spinner repaint');
      expect(p.screen()).not.toContain('(Y/n)');
      p.press('enter');
      expect(await p.exited).toBe(0);
      expect(p.screen()).toContain('✔ Installed seveibar/bq79616-breakout');
      expect(readFileSync(join(cwd, '.npmrc'), 'utf8')).toContain('@tsci:registry=');
      expect(existsSync(join(cwd, 'node_modules', '@tsci', 'seveibar.bq79616-breakout', 'package.json'))).toBe(true);
    });
  });
}

suite('fake tsci in a PTY', FAKE_TSCI, 15_000);

describe('fake tsci edge paths', () => {
  it('imports the only result without a prompt', async () => {
    const cwd = projectDir();
    const p = run(FAKE_TSCI, ['import', 'CL05B104KO5NNNC'], cwd);
    expect(await p.exited).toBe(0);
    expect(p.transcript()).not.toContain('Select a part');
    expect(p.screen()).toContain(`✔ Imported ${join(cwd, 'imports', 'CL05B104KO5NNNC.tsx')}`);
  });

  it('says No results found and exits 0 when nothing matches', async () => {
    const p = run(FAKE_TSCI, ['import', 'NOSUCHPART'], projectDir());
    expect(await p.exited).toBe(0);
    expect(p.screen()).toContain('No results found for "NOSUCHPART" in the tscircuit registry or JLCPCB.');
  });

  it('wraps Up to the last option, and Esc aborts with exit 0', async () => {
    const cwd = projectDir();
    const p = run(FAKE_TSCI, ['import', 'BQ79616'], cwd);
    await p.waitFor(has('❯   [jlcpcb] BQ79616PAPRQ1'), 'the menu');
    p.press('up');
    await p.waitFor(has('❯   [jlcpcb] BQ79616HPAPRQ1 (C3235518)'), 'the cursor on the last option');
    p.press('escape');
    expect(await p.exited).toBe(0);
    expect(p.screen()).toContain('Aborted.');
    expect(existsSync(join(cwd, 'imports'))).toBe(false);
  });

  it('shows 10 of 12 options with ↓/↑ scroll marks, and scrolls', async () => {
    const p = run(FAKE_TSCI, ['import', '100nF', '--tscircuit', '--jlcpcb'], projectDir());
    const options = () => p.screen().split('\n').slice(1).filter((l) => /^(❯ {3}| {4}| {2}[↑↓] )\S/.test(l));
    await p.waitFor(has('  ↓ [jlcpcb] GRM188R71H104KA93D (C76929)'), 'the whole menu'); // 10th visible, marked ↓
    expect(p.screen()).toContain('❯   seveibar/decoupling-100nf - 100nF decoupling capacitor array');
    expect(options()).toHaveLength(10);
    for (let i = 0; i < 11; i++) p.press('down');
    await p.waitFor(has('❯   [jlcpcb] CL05A104KA5NNNC (C1591)'), 'the cursor on the 12th option');
    expect(p.screen()).toContain('  ↑ [jlcpcb] CL05B104KO5NNNC (C1525)');
    expect(options()).toHaveLength(10);
    expect(p.screen()).not.toContain('seveibar/decoupling-100nf');
  });

  it('Space submits too', async () => {
    const cwd = projectDir();
    const p = run(FAKE_TSCI, ['import', '100nF'], cwd);
    await p.waitFor(has(FIRST_OPTION), 'the menu');
    p.press('space');
    expect(await p.exited).toBe(0);
    expect(existsSync(join(cwd, 'imports', 'CL05B104KO5NNNC.tsx'))).toBe(true);
  });

  it('skips prompts when a non-interactive switch is set', async () => {
    const cwd = projectDir();
    const p = run(FAKE_TSCI, ['import', '100nF'], cwd, { TSCIRCUIT_NON_INTERACTIVE: '1' });
    expect(await p.exited).toBe(0);
    expect(p.transcript()).not.toContain('Select a part');
    expect(existsSync(join(cwd, 'imports', 'CL05B104KO5NNNC.tsx'))).toBe(true);
  });
});

if (realInstalled) {
  suite('real tsci in a PTY', REAL_TSCI, 60_000);
} else {
  describe('real tsci in a PTY', () => {
    it.skipIf(!process.env.CI)('is installed (bash .ci/install-tsci.sh)', () => {
      expect.fail(`real tsci missing at ${REAL_CLI}: run bash .ci/install-tsci.sh`);
    });
  });
}
