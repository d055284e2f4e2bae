import { afterEach, describe, expect, test } from 'vitest';
import { FrameMarker } from './frame-marker.js';
import { nodePty } from './native-modules.js';
import type { IPty } from 'node-pty';

const started: IPty[] = [];
afterEach(() => {
  for (const p of started.splice(0)) p.kill('SIGKILL');
});

/** A real terminal whose program sleeps; its slave device and everything that arrives on the master side. */
function sleepingTerminal(): { tty: string; chunks: string[] } {
  const pty = nodePty().spawn('sleep', ['30'], { cols: 80, rows: 24 });
  started.push(pty);
  const chunks: string[] = [];
  pty.onData((c) => chunks.push(c));
  return { tty: (pty as unknown as { _pty: string })._pty, chunks };
}

async function until(holds: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!holds() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
}

describe('FrameMarker', () => {
  test('a marker placed behind the output comes back through the real terminal and is taken out of it', async () => {
    const { tty, chunks } = sleepingTerminal();
    const marker = new FrameMarker(() => tty);
    const seen: string[] = [];
    expect(marker.state(10)).toBe('on-its-way');
    expect(marker.state(10)).toBe('on-its-way'); // one on its way: no second one placed
    await until(() => chunks.length > 0 && (seen.push(marker.strip(chunks.splice(0).join(''))), marker.state(10) === 'arrived'));
    expect(marker.state(10)).toBe('arrived');
    expect(seen.join('')).toBe('');
    // The program wrote since: the marker proves nothing about that; a new one is placed.
    expect(marker.state(11)).toBe('on-its-way');
  });

  test('a marker split over chunks is put together; output around it and OSCs not ours pass as they came', async () => {
    const { tty, chunks } = sleepingTerminal();
    const marker = new FrameMarker(() => tty);
    marker.state(0);
    await until(() => chunks.join('').includes('\x07'));
    const raw = chunks.join('');
    const cut = raw.indexOf('7717') + 2;
    const out = marker.strip('before\x1b]0;title\x07' + raw.slice(0, cut)) + marker.strip(raw.slice(cut) + 'after');
    expect(out).toBe('before\x1b]0;title\x07after');
    expect(marker.state(0)).toBe('arrived');
  });

  test('a chunk ending in a lone ESC while a marker is on its way is held only until the next chunk', () => {
    const marker = new FrameMarker(() => null);
    expect(marker.strip('abc\x1b')).toBe('abc\x1b'); // no marker on its way: nothing held
    expect(marker.state(1)).toBe('unknown'); // no terminal: no marker can be placed
  });
});
