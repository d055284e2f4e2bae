import { describe, expect, it } from 'vitest';
import { AdapterRegistry } from '../../server/orchestrator/adapters/adapter-registry.js';
import { resolveWithHandlers } from '../../server/orchestrator/auto-answers/standard-handlers.js';
import { classifyWait } from '../../server/orchestrator/task/wait-classifier.js';
import type { TerminalWait } from '../../server/orchestrator/terminal/task-terminal.js';
import { readScreen } from '../../server/pty/index.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Adapter-specific reading of each built-in agent's screens (busy vs idle vs asking), each adapter with
 * its own cases. Screens are written as the agents draw them; menus go through the core's generic parser.
 */
const registry = AdapterRegistry.load(mkdtempSync(join(tmpdir(), 'gatehouse-adapters-')));

function wait(screen: string, cursorLine?: string): TerminalWait {
  const lines = screen.split('\n');
  const menu = readScreen(lines);
  return {
    prompt: menu.prompt,
    options: menu.answer_with === 'option' ? menu.options.map((text, index) => ({ index, text })) : [],
    cursor: menu.cursor_index,
    screen,
    unchangedSinceInput: false,
    cursorLine: cursorLine ?? lines[lines.length - 1],
    drawn: true,
  };
}

function read(adapterId: string, screen: string, cursorLine?: string) {
  const adapter = registry.get(adapterId)!;
  const w = wait(screen, cursorLine);
  const kind = classifyWait(w, adapter.detect);
  const action = resolveWithHandlers(adapter.autoPolicy?.handlers ?? [], {
    ...w,
    task: { name: 't', adapter: adapterId, goal: null, sessionGoal: null, autoAnswered: 0 },
  });
  return { kind, action, options: w.options.map((o) => o.text), cursor: w.cursor };
}

describe('claude', () => {
  it('busy while it thinks', () => {
    expect(read('claude', '> fix the bug\n\n✻ Thinking… (12s · ↑ 1.2k tokens · esc to interrupt)').kind).toBe('busy');
  });
  it('idle at its input box', () => {
    const screen = '╭────────────────────────────╮\n│ >                          │\n╰────────────────────────────╯\n  ? for shortcuts';
    expect(read('claude', screen, '│ >                          │').kind).toBe('idle');
  });
  it('a permission question is waiting; the policy picks "Yes" (once: "don\'t ask again" would save a rule)', () => {
    const screen = [
      ' Bash command',
      '   rm -rf build',
      ' Do you want to proceed?',
      ' ❯ 1. Yes',
      "   2. Yes, and don't ask again for rm commands in /work",
      '   3. No, and tell Claude what to do differently (esc)',
    ].join('\n');
    const seen = read('claude', screen);
    expect(seen.kind).toBe('waiting');
    expect(seen.action).toMatchObject({ type: 'choose', index: seen.options.findIndex((o) => /^(1\. )?Yes$/.test(o)) });
    expect(seen.options[(seen.action as { index: number }).index]).not.toContain("don't ask again");
  });
});

describe('codex', () => {
  it('busy while working', () => {
    expect(read('codex', '• Working (4s • Esc to interrupt)').kind).toBe('busy');
  });
  it('idle at its prompt', () => {
    expect(read('codex', 'codex\n\n› ', '› ').kind).toBe('idle');
  });
  it('an approval is a question the built-in answer handlers answer with Yes', () => {
    const seen = read('codex', ['Would you like to run the following command?', '  $ npm test', '› 1. Yes, proceed', '  2. No, and tell Codex what to do differently'].join('\n'));
    expect(seen.kind).toBe('unknown');
    expect(seen.action).toMatchObject({ type: 'choose', index: 0 });
  });
});

describe('gemini', () => {
  it('busy while thinking', () => {
    expect(read('gemini', '⠏ Thinking about the request (esc to cancel, 3s)').kind).toBe('busy');
  });
  it('idle at its input box', () => {
    const line = '│ >   Type your message or @path/to/file                │';
    expect(read('gemini', `╭──────╮\n${line}\n╰──────╯`, line).kind).toBe('idle');
  });
  it('allow execution → "Yes, allow once"', () => {
    const seen = read('gemini', ['Allow execution of: \'rm\'?', '● 1. Yes, allow once', '  2. Yes, allow always ...', '  3. No, suggest changes (esc)'].join('\n'));
    expect(seen.action).toMatchObject({ type: 'choose', index: 0 });
  });
});

describe('aider', () => {
  it('idle at its prompt (plain or in a mode)', () => {
    expect(read('aider', 'Aider v0.80\n> ', '> ').kind).toBe('idle');
    expect(read('aider', 'architect> ', 'architect> ').kind).toBe('idle');
  });
  it('a (Y)es/(N)o question is answered y', () => {
    const seen = read('aider', 'Add src/app.py to the chat? (Y)es/(N)o/(D)on\'t ask again [Yes]: ');
    expect(seen.kind).toBe('unknown');
    expect(seen.action).toMatchObject({ type: 'text', text: 'y' });
  });
});

describe('bash and python', () => {
  it('bash idles at its prompt; a read -p question is not idle', () => {
    expect(read('bash', 'gatehouse$ ', 'gatehouse$ ').kind).toBe('idle');
    expect(read('bash', 'gatehouse$ ./deploy.sh\nReally deploy? [y/N] ').kind).toBe('unknown');
  });
  it('python idles at >>>; input() is not idle', () => {
    expect(read('python', '>>> ', '>>> ').kind).toBe('idle');
    expect(read('python', '>>> input("name? ")\nname? ').kind).toBe('unknown');
  });
});
