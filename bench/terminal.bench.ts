import { validateChoiceRequest } from '../shared/choice/validate-request.js';
import { createI18n } from '../shared/i18n/index.js';
import { initialState } from '../server/terminal/choice-state.js';
import { renderChoice } from '../server/terminal/render-choice.js';
import { terminalTranslate } from '../server/terminal/translate.js';
import { startTestHub } from '../test/support/test-hub.js';
import { TuiDriver } from '../test/support/tui-driver.js';
import { spawnSync } from 'node:child_process';
import { cliLauncher } from '../server/package-info.js';
import { summarise, type BenchModule, type BenchRow } from './bench-row.js';

const options = Array.from({ length: 50 }, (_, i) => ({ id: `o${i}`, label: `Option ${i + 1} with a label long enough to wrap on a narrow terminal`, description: 'A description line for this option.' }));

async function renderFrames(runs: number): Promise<number[]> {
  const { request } = validateChoiceRequest({ prompt: 'word '.repeat(200), options, selection_mode: 'multi' });
  const t = terminalTranslate(await createI18n('en'));
  const state = initialState(request, null);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    renderChoice({ request, state: { ...state, cursor: i % 50 }, t, createdAt: new Date(), remainingMs: 299_000, annotationsEnabled: true, navigationHints: true, submitMode: 'batch', width: 100, height: 30, scroll: 0, manualScroll: null });
    samples.push(performance.now() - t0);
  }
  return samples;
}

async function inPty(starts: number, keys: number): Promise<{ start: number[]; key: number[] }> {
  const hub = await startTestHub();
  const start: number[] = [];
  const key: number[] = [];
  try {
    for (let i = 0; i < starts; i++) {
      const { session } = await hub.client.request<{ session: { id: string } }>('POST', '/api/sessions', { prompt: 'bench', options: options.slice(0, 5), interface: 'terminal' });
      const t0 = performance.now();
      const tui = new TuiDriver(['choose', session.id], hub.env);
      await tui.waitFor('5. Option 5');
      start.push(performance.now() - t0);
      if (i === 0) {
        for (let k = 0; k < keys; k++) {
          const target = `❯ ( ) ${(k % 4) + 2}.`;
          const t1 = performance.now();
          tui.press(k % 4 === 3 ? 'home' : 'down');
          await tui.waitFor((text) => text.includes(k % 4 === 3 ? '❯ ( ) 1.' : target), 5000);
          key.push(performance.now() - t1);
        }
      }
      await tui.kill();
    }
  } finally {
    await hub.stop();
  }
  return { start, key };
}

/** The part of a start that is not ours: node plus loading the CLI (`choose --help`). */
function cliLoad(runs: number): number[] {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    spawnSync(process.execPath, [cliLauncher, 'choose', '--help'], { stdio: 'ignore' });
    samples.push(performance.now() - t0);
  }
  return samples;
}

const terminalBench: BenchModule = {
  title: 'terminal UI',
  async rows(): Promise<BenchRow[]> {
    const pty = await inPty(10, 60);
    return [
      summarise('render a 50-option screen (100×30)', await renderFrames(500)),
      summarise('gatehouse choose: spawn → options on screen', pty.start, { goal: '≤ 500 ms' }),
      summarise('node + CLI load alone (choose --help)', cliLoad(10)),
      summarise('key press → updated screen (PTY)', pty.key, { note: 'seen on the first parsed output that shows it' }),
    ];
  },
};
export default terminalBench;
