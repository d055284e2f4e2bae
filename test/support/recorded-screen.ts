// A screen recorded from a real agent CLI (test/fixtures/agent-screens/<cli>/<name>.ansi + .json) replayed into a
// headless terminal of the recorded size, as the orchestrator's wait reads it: the visible rows, the line the
// cursor is on, and what the recording says a person sees.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { headlessXterm } from '../../server/pty/native-modules.js';
import type { TerminalWait } from '../../server/orchestrator/task-terminal.js';
import { screensDir } from './screen-recorder.js';
import type { ScreenMeaning } from './screen-meaning.js';

export interface RecordedScreen {
  meaning: ScreenMeaning & { cols: number; rows: number };
  /** A wait on this screen as the task runner gets it (options: the recording's own, in screen order). */
  wait: TerminalWait;
}

export async function recordedScreen(cli: string, name: string): Promise<RecordedScreen> {
  const meaning = JSON.parse(readFileSync(join(screensDir, cli, `${name}.json`), 'utf8'));
  const { Terminal } = headlessXterm();
  const term = new Terminal({ cols: meaning.cols, rows: meaning.rows, allowProposedApi: true, scrollback: 2000 });
  await new Promise<void>((resolve) => term.write(readFileSync(join(screensDir, cli, `${name}.ansi`)), resolve));
  const buf = term.buffer.active;
  const rows: string[] = [];
  for (let y = 0; y < meaning.rows; y++) rows.push(buf.getLine(buf.viewportY + y)?.translateToString(true) ?? '');
  const cursorLine = (buf.getLine(buf.baseY + buf.cursorY)?.translateToString(true) ?? '').trimEnd();
  term.dispose();
  return {
    meaning,
    wait: {
      prompt: meaning.question ?? '',
      options: meaning.options.map((text: string, index: number) => ({ index, text })),
      cursor: meaning.highlighted ?? 0,
      screen: rows.join('\n'),
      unchangedSinceInput: false,
      cursorLine,
      drawn: true,
    },
  };
}
