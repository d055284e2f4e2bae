// A fresh CLI config under `gatehouse run` (issue 16): the first-run dialogs recorded from the real CLIs — folder
// trust, "use this API key?", Gemini's sign-in choice — reach the person as the dialog's own question with every
// choice, the highlight where the CLI has it, and are never answered by a built-in policy, even with autoApprove
// (a wrong pick there starts a sign-in that cannot finish offline, or exits). Read the way a task reads its
// screen: the recording replayed into the product's headless terminal, read by the one reader, classified and
// offered to the handlers of the CLI's built-in adapter.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adapterFromConfig } from '../../server/orchestrator/adapter.js';
import { adapterConfigSchema } from '../../server/orchestrator/adapter-schema.js';
import { BUILTIN_ADAPTERS } from '../../server/orchestrator/builtin-adapters.js';
import { resolveWithHandlers } from '../../server/orchestrator/standard-handlers.js';
import type { TerminalWait } from '../../server/orchestrator/task-terminal.js';
import { classifyWait } from '../../server/orchestrator/wait-classifier.js';
import { readScreen } from '../../server/pty/reading.js';
import { TerminalScreen } from '../../server/pty/terminal-screen.js';
import { screensDir } from '../support/screen-recorder.js';
import type { ScreenMeaning } from '../support/screen-meaning.js';

const FIRST_RUN_KINDS = ['trust', 'first-run', 'sign-in'];

const firstRunScreens = readdirSync(screensDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(join(screensDir, d.name)).filter((f) => f.endsWith('.json')).map((f) => ({ cli: d.name, name: f.replace(/\.json$/, '') })))
  .filter(({ cli, name }) => FIRST_RUN_KINDS.includes(JSON.parse(readFileSync(join(screensDir, cli, `${name}.json`), 'utf8')).kind));

/** The wait a task gets on this recorded screen: the reader's menu, the visible rows and the cursor's line. */
async function waitOn(cli: string, name: string): Promise<{ meaning: ScreenMeaning; wait: TerminalWait }> {
  const meaning = JSON.parse(readFileSync(join(screensDir, cli, `${name}.json`), 'utf8')) as ScreenMeaning & { cols: number; rows: number };
  const screen = new TerminalScreen(meaning.cols, meaning.rows, () => undefined);
  screen.write(readFileSync(join(screensDir, cli, `${name}.ansi`), 'utf8'));
  await screen.parsed();
  const view = screen.view();
  const reading = readScreen(screen.blockLines(), view);
  screen.dispose();
  return {
    meaning,
    wait: {
      prompt: reading.prompt,
      options: reading.options.map((text, index) => ({ index, text })),
      cursor: reading.cursor_index,
      screen: view.lines.join('\n'),
      unchangedSinceInput: false,
      cursorLine: (view.lines[view.cursor.line] ?? '').trimEnd(),
      drawn: true,
    },
  };
}

describe('first-run dialogs of the real agent CLIs under gatehouse run', () => {
  it('are recorded for Claude Code (trust, API key), Codex (trust) and Gemini CLI (trust, sign-in)', () => {
    expect(firstRunScreens.map(({ cli, name }) => `${cli}/${name}`).sort()).toEqual(['claude/api-key', 'claude/trust', 'codex/trust', 'gemini/auth', 'gemini/trust']);
  });

  for (const { cli, name } of firstRunScreens) {
    it(`${cli}/${name}: a question for the person with the dialog's own words, which no built-in policy answers`, async () => {
      const { meaning, wait } = await waitOn(cli, name);
      const adapter = adapterFromConfig(cli, adapterConfigSchema.parse(BUILTIN_ADAPTERS[cli]));
      // Not taken for the CLI at its prompt (a pending input typed into the dialog) or at work (nobody asked).
      expect(classifyWait(wait, adapter.detect), wait.screen).not.toMatch(/^(idle|busy)$/);
      expect(wait.prompt).toContain(meaning.question);
      // Every choice, numbered as the CLI numbers them.
      expect(wait.options.map((o) => o.text)).toEqual(meaning.options.map((o, i) => `${i + 1}. ${o}`));
      expect(wait.cursor).toBe(meaning.highlighted);
      const action = resolveWithHandlers(adapter.autoPolicy?.handlers ?? [], {
        prompt: wait.prompt,
        options: wait.options,
        cursor: wait.cursor,
        screen: wait.screen,
        task: { name: 't', adapter: cli, goal: null, sessionGoal: null, autoAnswered: 0 },
      });
      expect(action, `the ${cli} policy would answer "${meaning.question}" by itself`).toBeNull();
    });
  }
});
