// A screen recorded from a real agent CLI (test/fixtures/agent-screens/<cli>/<name>.ansi + .json) replayed into the
// product's headless terminal of the recorded size and read by the one reader, as a task's wait gets it: the
// reader's question, options and highlight, the visible rows, the line the cursor is on, the block drawn. Beside it,
// what the recording says a person sees (its .json), to compare with.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TerminalWait } from '../../server/orchestrator/terminal/task-terminal.js';
import { readScreen } from '../../server/pty/reading.js';
import { TerminalScreen } from '../../server/pty/terminal-screen.js';
import { screensDir } from './screen-recorder.js';
import type { ScreenMeaning } from './screen-meaning.js';

export interface RecordedScreen {
  meaning: ScreenMeaning & { cols: number; rows: number };
  /** The wait a task gets on this screen, from the real reader (not from the recording's .json). */
  wait: TerminalWait;
}

export async function recordedScreen(cli: string, name: string): Promise<RecordedScreen> {
  const meaning = JSON.parse(readFileSync(join(screensDir, cli, `${name}.json`), 'utf8'));
  const screen = new TerminalScreen(meaning.cols, meaning.rows, () => undefined);
  screen.write(readFileSync(join(screensDir, cli, `${name}.ansi`), 'utf8'));
  await screen.parsed();
  // As pty-task-terminal.ts describes a wait: one screenful of scrollback, the visible rows its last ones.
  const view = screen.view({ scrollback: meaning.rows });
  const reading = readScreen(screen.blockLines(), view);
  screen.dispose();
  return {
    meaning,
    wait: {
      prompt: reading.prompt,
      options: reading.answer_with === 'option' || reading.labels !== null ? reading.options.map((text, index) => ({ index, text })) : [],
      cursor: reading.cursor_index,
      screen: view.lines.slice(-view.rows).join('\n'),
      unchangedSinceInput: false,
      cursorLine: (view.lines[view.cursor.line] ?? '').trimEnd(),
      drawn: true,
      block: reading.screen,
    },
  };
}
