import { test } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PtyProgram, readFullMenu } from '../../server/pty/index.js';
import { startFakeTsciRegistry, tsciChildEnv, defaultTsciFixtureData } from '../support/fake-tsci-registry.js';
test('explore2', async () => {
  const reg = await startFakeTsciRegistry(defaultTsciFixtureData);
  for (const args of [['import', '100nF'], ['import', '--tscircuit', 'bq79616']]) {
    const dir = mkdtempSync(join(tmpdir(), 'gh-'));
    const p = PtyProgram.spawn({ command: 'node', args: ['/work/main/test/fixtures/fake-tsci/tsci.mjs', ...args], cwd: dir, env: tsciChildEnv(reg), cols: 120, rows: 30 });
    for (let step = 0; step < 4; step++) {
      const t0 = Date.now();
      const r = await p.waitForInput({ timeoutMs: 8000 });
      let m = p.menu();
      console.log(args.join(' '), step, r, p.lastWaitSignal, Date.now() - t0, JSON.stringify(p.blockSinceLastInput()), JSON.stringify(m));
      if (r !== 'waiting') break;
      const t1 = Date.now();
      m = await readFullMenu(p, m);
      console.log(' full', Date.now() - t1, 'ms', m.options.length, JSON.stringify(m.options.slice(-3)), m.cursor_index);
      p.pressKeys(m.answer_with === 'option' ? ['down', 'enter'] : [{ text: 'y' }, 'enter']);
    }
    const e = await p.kill();
    console.log(' exit', e.exitCode, JSON.stringify(p.screen().lines));
    p.dispose();
  }
  await reg.close();
});
