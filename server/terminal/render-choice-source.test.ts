import { describe, expect, it } from 'vitest';
import { createI18n } from '../../shared/i18n/index.js';
import { validateChoiceRequest } from '../../shared/choice/validate-request.js';
import { sourceLabel } from '../../shared/choice/gate-source.js';
import { initialState } from './choice-state.js';
import { renderChoice } from './render-choice.js';
import { terminalTranslate } from './translate.js';
import { withoutStyles } from './ansi.js';

describe('terminal UI header (choose / watch)', () => {
  it('names who is asking under the title and does not repeat the title as the prompt\'s first line', async () => {
    const { request } = validateChoiceRequest({ prompt: 'Which database?\n\nThe service has none.', context: 'adding storage', options: [{ id: 'pg', label: 'PostgreSQL' }] });
    const t = terminalTranslate(await createI18n('en'));
    const out = renderChoice({
      request, t, state: initialState(request, null), createdAt: new Date(), remainingMs: 60_000,
      sourceLine: sourceLabel({ kind: 'mcp', agent: 'claude-code 2.1', project: '/w/shop', branch: 'main' }),
      annotationsEnabled: false, navigationHints: false, submitMode: 'single-submit', width: 80, height: 24, scroll: 0, manualScroll: null,
    });
    const lines = out.lines.map((l) => withoutStyles(l).trimEnd());
    expect(lines[0]).toBe('Which database?');
    expect(lines[1]).toBe('claude-code 2.1 · shop @ main — adding storage');
    expect(lines.filter((l) => l.includes('Which database?'))).toHaveLength(1);
    expect(lines).toContain('The service has none.');
  });

  it('says under the header when the agent that asked has left (en, zh)', async () => {
    const { request } = validateChoiceRequest({ prompt: 'Which database?', options: [{ id: 'pg', label: 'PostgreSQL' }] });
    const gone = new Date(2026, 10, 23, 21, 5, 0);
    for (const [language, line] of [
      ['en', 'The agent that asked left at 21:05:00: an answer is kept, but only reaches it if it comes back.'],
      ['zh', '提问的智能体已于 21:05:00 离开：回答会被保留，但只有它回来时才会收到。'],
    ] as const) {
      const t = terminalTranslate(await createI18n(language));
      const screen = (agentGoneAt: string | null) =>
        renderChoice({
          request, t, state: initialState(request, null), createdAt: new Date(), remainingMs: 60_000, agentGoneAt,
          annotationsEnabled: false, navigationHints: false, submitMode: 'single-submit', width: 120, height: 24, scroll: 0, manualScroll: null,
        }).lines.map((l) => withoutStyles(l).trimEnd());
      expect(screen(gone.toISOString())[2]).toBe(line);
      expect(screen(null).join('\n')).not.toContain(line.slice(0, 8));
    }
  });

  it('shows a prompt that is exactly the title once: the options follow the header', async () => {
    const { request } = validateChoiceRequest({ prompt: 'Which database?', options: [{ id: 'pg', label: 'PostgreSQL' }, { id: 'lite', label: 'SQLite' }] });
    const t = terminalTranslate(await createI18n('en'));
    const out = renderChoice({
      request, t, state: initialState(request, null), createdAt: new Date(), remainingMs: 60_000,
      annotationsEnabled: false, navigationHints: false, submitMode: 'single-submit', width: 80, height: 24, scroll: 0, manualScroll: null,
    });
    const lines = out.lines.map((l) => withoutStyles(l).trimEnd());
    expect(lines[0]).toBe('Which database?');
    expect(lines.filter((l) => l.includes('Which database?'))).toHaveLength(1);
    expect(lines.some((l) => l.includes('PostgreSQL'))).toBe(true);
  });
});
