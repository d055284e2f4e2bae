// The dialogs recorded from the real agent CLIs, read the way a task under `gatehouse run` reads its screen: the
// recording replayed into the product's headless terminal, read by the one reader, classified and offered to the
// handlers of the CLI's built-in adapter (issue 16).
// - A fresh config: the first-run dialogs — folder trust, "use this API key?", Gemini's sign-in choice — reach the
//   person as the dialog's own question with every choice and the CLI's highlight, and no built-in policy answers
//   them, even with autoApprove (a wrong pick there starts a sign-in that cannot finish offline, or exits).
// - A permission dialog the hook did not pre-empt: with autoApprove the policy picks the CLI's allow-once choice
//   from what the reader read (not "always allow", not "No").
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

const recordings = readdirSync(screensDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(join(screensDir, d.name)).filter((f) => f.endsWith('.json')).map((f) => ({ cli: d.name, name: f.replace(/\.json$/, '') })));
const firstRunScreens = recordings.filter(({ cli, name }) => FIRST_RUN_KINDS.includes(JSON.parse(readFileSync(join(screensDir, cli, `${name}.json`), 'utf8')).kind));
/** Each CLI's permission dialog as first drawn (highlight on its first choice), at 100 and 60 columns. */
const permissionScreens = recordings.filter(({ name }) => name === 'permission' || name === 'permission-60cols');

/** What a person picks to let one call run, once, in each CLI's permission dialog. */
const ALLOW_ONCE: Record<string, string> = { claude: 'Yes', codex: 'Yes, proceed (y)', gemini: 'Allow once', qwen: 'Yes, allow once' };

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

function builtinAdapter(cli: string) {
  return adapterFromConfig(cli, adapterConfigSchema.parse(BUILTIN_ADAPTERS[cli]));
}

/** What the CLI's built-in autoApprove policy does on this wait (null: it leaves it to a person). */
function policyAction(cli: string, wait: TerminalWait) {
  return resolveWithHandlers(builtinAdapter(cli).autoPolicy?.handlers ?? [], {
    prompt: wait.prompt,
    options: wait.options,
    cursor: wait.cursor,
    screen: wait.screen,
    task: { name: 't', adapter: cli, goal: null, sessionGoal: null, autoAnswered: 0 },
  });
}

describe('first-run dialogs of the real agent CLIs under gatehouse run', () => {
  it('are recorded for Claude Code (trust, API key), Codex (trust) and Gemini CLI (trust, sign-in)', () => {
    expect(firstRunScreens.map(({ cli, name }) => `${cli}/${name}`).sort()).toEqual(['claude/api-key', 'claude/trust', 'codex/trust', 'gemini/auth', 'gemini/trust']);
  });

  for (const { cli, name } of firstRunScreens) {
    it(`${cli}/${name}: a question for the person with the dialog's own words, which no built-in policy answers`, async () => {
      const { meaning, wait } = await waitOn(cli, name);
      // Not taken for the CLI at its prompt (a pending input typed into the dialog) or at work (nobody asked).
      expect(classifyWait(wait, builtinAdapter(cli).detect), wait.screen).not.toMatch(/^(idle|busy)$/);
      expect(wait.prompt).toContain(meaning.question);
      // Every choice, numbered as the CLI numbers them.
      expect(wait.options.map((o) => o.text)).toEqual(meaning.options.map((o, i) => `${i + 1}. ${o}`));
      expect(wait.cursor).toBe(meaning.highlighted);
      const action = policyAction(cli, wait);
      expect(action, `the ${cli} policy would answer "${meaning.question}" by itself`).toBeNull();
    });
  }
});

describe('permission dialogs of the real agent CLIs under gatehouse run, with autoApprove', () => {
  it('are recorded for all four CLIs', () => {
    expect([...new Set(permissionScreens.map((r) => r.cli))].sort()).toEqual(Object.keys(ALLOW_ONCE).sort());
  });

  for (const { cli, name } of permissionScreens) {
    it(`${cli}/${name}: the policy picks "${ALLOW_ONCE[cli]}" among the choices the reader read`, async () => {
      const { meaning, wait } = await waitOn(cli, name);
      expect(classifyWait(wait, builtinAdapter(cli).detect), wait.screen).not.toMatch(/^(idle|busy)$/);
      expect(wait.prompt).toContain(meaning.question);
      // Every choice, in order (at 60 columns a wrapped choice is read as its first row: Codex's "don't ask again
      // for commands that start with", Claude Code's "No" with the rest of a wrapped line left over on its row).
      expect(wait.options).toHaveLength(meaning.options.length);
      wait.options.forEach((o, i) => expect(o.text.startsWith(`${i + 1}. ${meaning.options[i].slice(0, 20)}`), o.text).toBe(true));
      expect(policyAction(cli, wait)).toMatchObject({ type: 'choose', index: meaning.options.indexOf(ALLOW_ONCE[cli]) });
    });
  }
});
