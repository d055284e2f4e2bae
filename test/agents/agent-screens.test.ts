// The recorded screens of the real agent CLIs (test/fixtures/agent-screens/, made by record-screens.ts) are
// consistent: every .ansi replayed into a headless terminal of the recorded size shows what its .json says a
// person sees, and its highlighted option is the one the CLI marks.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headlessXterm } from '../../server/pty/native-modules.js';
import { screensDir } from '../support/screen-recorder.js';
import { meaningProblem, type ScreenMeaning } from '../support/screen-meaning.js';

interface Recording extends ScreenMeaning {
  cli: string;
  version: string;
  cols: number;
  rows: number;
  screen: string[];
}

async function replay(bytes: Buffer, cols: number, rows: number): Promise<string[]> {
  const { Terminal } = headlessXterm();
  const term = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 2000 });
  await new Promise<void>((resolve) => term.write(bytes, resolve));
  const buf = term.buffer.active;
  const out: string[] = [];
  for (let y = 0; y < rows; y++) out.push(buf.getLine(buf.viewportY + y)?.translateToString(true) ?? '');
  term.dispose();
  return out;
}

const recordings = readdirSync(screensDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).flatMap((cli) =>
  readdirSync(join(screensDir, cli))
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ cli, name: f.replace(/\.json$/, '') })),
);

describe('recorded agent screens', () => {
  it('cover all four CLIs with a permission dialog, an idle prompt and a working screen', () => {
    for (const cli of ['claude', 'codex', 'gemini', 'qwen']) {
      const names = recordings.filter((r) => r.cli === cli).map((r) => r.name);
      expect(names, cli).toEqual(expect.arrayContaining(['idle', 'working', 'permission', 'permission-60cols']));
    }
  });

  for (const { cli, name } of recordings) {
    it(`${cli}/${name}: the raw stream shows what the description says`, async () => {
      const meta: Recording = JSON.parse(readFileSync(join(screensDir, cli, `${name}.json`), 'utf8'));
      const screen = await replay(readFileSync(join(screensDir, cli, `${name}.ansi`)), meta.cols, meta.rows);
      expect(meta.cli).toBe(cli);
      expect(screen.map((l) => l.replace(/\s+$/, ''))).toEqual(meta.screen);
      expect(meaningProblem(screen, meta)).toBeNull();
      if (meta.highlighted !== null) {
        // The highlighted option's row carries the CLI's marker (❯ › ● >). An answered dialog may stay on screen
        // above the live one (Gemini's trust dialog), so the live marker is the lowest.
        const markedRows = screen.filter((row) => /^[\s│]*[❯›●>]\s+\S/.test(row));
        expect(markedRows.at(-1)).toContain(meta.options[meta.highlighted].slice(0, 20));
      }
    });
  }
});
