import { afterEach, describe, expect, test } from 'vitest';
import { TerminalScreen } from './terminal-screen.js';

/** Paints `frames` on one row the way ora does (carriage return, erase line, frame), one parse each. */
async function paint(screen: TerminalScreen, frames: string[]): Promise<void> {
  for (const frame of frames) {
    screen.write(`\r\x1b[2K${frame}`);
    await screen.parsed();
  }
}

describe('a spinner row in the block since the last input', () => {
  let screen: TerminalScreen;
  afterEach(() => screen.dispose());

  test('a spinner whose message changes wiped nothing: its earlier message is not presented as a prompt', async () => {
    screen = new TerminalScreen(80, 24, () => {});
    await paint(screen, ['⠋ Searching...', '⠙ Searching...', '⠹ Searching...', '⠸ Importing "C1525" from JLCPCB...', '⠼ Importing "C1525" from JLCPCB...', '⠴ Importing "C1525" from JLCPCB...']);
    expect(screen.blockLines().map((l) => l.text)).toEqual([]);
    expect(screen.spinningAlone()).toBe(true);
  });

  test('a question the spinner painted over is still presented', async () => {
    screen = new TerminalScreen(80, 24, () => {});
    await paint(screen, ['? Add the @tsci registry to .npmrc? › (Y/n)', '⠋ Installing...', '⠙ Installing...', '⠹ Installing...']);
    expect(screen.blockLines().map((l) => l.text)).toEqual(['? Add the @tsci registry to .npmrc? › (Y/n)']);
  });
});
