import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { readScreen } from './reading.js';
import { TerminalScreen } from './terminal-screen.js';

/**
 * The reader on what real agent CLIs draw: raw PTY output of Claude Code, Codex, Gemini CLI and Qwen Code
 * (test/fixtures/agent-screens, recorded by helper "agents"), replayed into the same headless terminal the
 * product uses, read by the one reader, compared with what a person sees (each recording's .json).
 */
const ROOT = fileURLToPath(new URL('../../test/fixtures/agent-screens/', import.meta.url));

interface Seen {
  cols: number;
  rows: number;
  kind: string;
  question: string | null;
  options: string[];
  highlighted: number | null;
  questionFromAdapter?: boolean;
}

const recordings = readdirSync(ROOT, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(join(ROOT, d.name)).filter((f) => f.endsWith('.json')).map((f) => `${d.name}/${f.replace(/\.json$/, '')}`));

async function replay(name: string) {
  const seen = JSON.parse(readFileSync(join(ROOT, `${name}.json`), 'utf8')) as Seen;
  const screen = new TerminalScreen(seen.cols, seen.rows, () => undefined);
  screen.write(readFileSync(join(ROOT, `${name}.ansi`), 'latin1').length ? readFileSync(join(ROOT, `${name}.ansi`), 'utf8') : '');
  await screen.parsed();
  const reading = readScreen(screen.blockLines(), screen.view());
  screen.dispose();
  return { seen, reading };
}

describe('the reader on recorded agent CLI screens', () => {
  test('there are recordings to read', () => {
    expect(recordings.length).toBeGreaterThan(10);
  });

  for (const name of recordings.filter((n) => !/idle|working/.test(n))) {
    test(`${name}: the options and the highlighted one, as a person sees them`, async () => {
      const { seen, reading } = await replay(name);
      if (!seen.options.length) return;
      expect(reading.kind, reading.screen).toBe('select');
      expect(reading.options).toHaveLength(seen.options.length);
      seen.options.forEach((o, i) => expect(reading.options[i]).toContain(o.split('\n')[0].slice(0, 30)));
      expect(reading.pointer_seen).toBe(seen.highlighted !== null);
      if (seen.highlighted !== null) expect(reading.cursor_index).toBe(seen.highlighted);
    });
    test(`${name}: the question`, async () => {
      const { seen, reading } = await replay(name);
      // A heading further up than the line above the list is the adapter's to name (its `dialogs`).
      if (seen.question && !seen.questionFromAdapter) expect(reading.prompt).toContain(seen.question.slice(0, 30));
    });
  }

  for (const name of recordings.filter((n) => /idle|working/.test(n))) {
    test(`${name}: no menu is read where there is none`, async () => {
      const { reading } = await replay(name);
      expect(reading.kind === 'select' && reading.pointer_seen, reading.screen).toBe(false);
    });
  }
});
