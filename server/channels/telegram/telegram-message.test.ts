import { describe, expect, it } from 'vitest';
import type { StoredSession } from '../../sessions/stored-session.js';
import { buttonData, parseButtonData } from './button-data.js';
import { renderGateMessage } from './telegram-message.js';
import { shouldSendGate } from './send-policy.js';

function gate(overrides: Partial<StoredSession['request']> = {}): StoredSession {
  return {
    id: 'ch_abcdefghijkl',
    request: {
      prompt: 'Which one?',
      title: 'Pick',
      options: [{ id: 'a', label: 'Alpha', recommended: false }, { id: 'b', label: 'Beta', recommended: true }],
      selection_mode: 'single',
      min_selections: 1,
      max_selections: 1,
      allow_free_text: false,
      interface: 'web',
      timeout_seconds: 300,
      timeout_action: 'timeout',
      ...overrides,
    },
    status: 'pending',
    interface: 'web',
    created_at: '2026-11-23T10:00:00.000Z',
    deadline_at: '2026-11-23T10:05:00.000Z',
    ended_at: null,
    notices: [],
    draft: null,
    result: null,
  };
}

describe('button data', () => {
  it('round-trips every action within Telegram’s 64 bytes and rejects anything else', () => {
    for (const button of [
      { action: 'pick', sessionId: 'ch_abcdefghijkl', option: 49 },
      { action: 'toggle', sessionId: 'ch_abcdefghijkl', option: 0 },
      { action: 'done', sessionId: 'ch_abcdefghijkl' },
      { action: 'cancel', sessionId: 'ch_abcdefghijkl' },
    ] as const) {
      const data = buttonData(button);
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
      expect(parseButtonData(data)).toEqual(button);
    }
    for (const bad of ['', 'x:ch_1', 'p:ch_1', 'd:ch_1:3', 'p:ch 1:2']) expect(parseButtonData(bad)).toBeNull();
  });
});

describe('renderGateMessage', () => {
  it('cuts a long prompt at a line break, within Telegram’s limit, and points at the whole question', () => {
    const prompt = Array.from({ length: 400 }, (_, i) => `Line ${i}: ${'x'.repeat(40)}`).join('\n');
    const { html } = renderGateMessage(gate({ prompt }), 'http://127.0.0.1:47823/choice/ch_abcdefghijkl');
    expect(html.length).toBeLessThan(4096);
    expect(html).toContain('Line 0:');
    expect(html).not.toContain('Line 399:');
    expect(html).toContain('… cut here; the whole question:</i> http://127.0.0.1:47823/choice/ch_abcdefghijkl');
  });

  it('does not repeat a prompt that is only the title; an ended gate keeps its text and loses its buttons', () => {
    const pending = renderGateMessage(gate({ prompt: 'Pick' }), 'u');
    expect(pending.html.match(/Pick/g)).toHaveLength(1);
    // Nor a first line that repeats it as a heading (the same rule as the portal and the terminal UI).
    const headed = renderGateMessage(gate({ prompt: '## Pick\nThe one we deploy.' }), 'u').html;
    expect(headed.match(/Pick/g)).toHaveLength(1);
    expect(headed).toContain('The one we deploy.');
    expect(pending.keyboard.flat().map((b) => b.text)).toEqual(['Alpha', 'Beta ⭐', '✖ Cancel']);
    const ended: StoredSession = { ...gate(), status: 'timeout', result: null };
    expect(renderGateMessage(ended, 'u')).toMatchObject({ keyboard: [] });
    expect(renderGateMessage(ended, 'u').html.startsWith('⌛ <b>Timed out: nobody answered.</b>\n\n❓ <b>Pick</b>\n\nWhich one?')).toBe(true);
  });
});

describe('shouldSendGate', () => {
  const now = Date.parse('2026-11-23T10:01:00.000Z');
  it('all: at once; no-portal: only while no live client is connected; older-than: once old enough', () => {
    expect(shouldSendGate(gate(), { send: 'all', olderThanSeconds: 0 }, { liveClients: 3, now })).toBe(true);
    expect(shouldSendGate(gate(), { send: 'no-portal', olderThanSeconds: 0 }, { liveClients: 1, now })).toBe(false);
    expect(shouldSendGate(gate(), { send: 'no-portal', olderThanSeconds: 0 }, { liveClients: 0, now })).toBe(true);
    expect(shouldSendGate(gate(), { send: 'older-than', olderThanSeconds: 61 }, { liveClients: 0, now })).toBe(false);
    expect(shouldSendGate(gate(), { send: 'older-than', olderThanSeconds: 60 }, { liveClients: 0, now })).toBe(true);
    expect(shouldSendGate({ ...gate(), status: 'submitted' }, { send: 'all', olderThanSeconds: 0 }, { liveClients: 0, now })).toBe(false);
  });
});

describe('renderGateMessage for a gate with several questions', () => {
  const questions = [
    { question: 'Which database?', header: 'Database', options: [{ id: 'pg', label: 'PostgreSQL', recommended: true }, { id: 'lite', label: 'SQLite', recommended: false }], selection_mode: 'single' as const, min_selections: 1, max_selections: 1, allow_free_text: false },
    { question: 'Which extras?', options: [{ id: 'auth', label: 'Auth', recommended: false }, { id: 'cache', label: 'Cache', recommended: false }], selection_mode: 'multi' as const, min_selections: 1, max_selections: 2, allow_free_text: true },
  ];
  const multi = () => gate({ prompt: '', title: 'Set up', questions, options: [], max_selections: 0, min_selections: 0 });

  it('lists every question and sends the person to the portal; the only button is Cancel', () => {
    const { html, keyboard } = renderGateMessage(multi(), 'http://127.0.0.1:47823/choice/ch_abcdefghijkl');
    expect(html).toContain('<b>1. [Database] Which database?</b> <i>(pick one)</i>\n1. <b>PostgreSQL</b> ⭐\n2. <b>SQLite</b>');
    expect(html).toContain('<b>2. Which extras?</b> <i>(pick 1–2 or own words)</i>');
    expect(html).toContain('2 questions, answered together: open http://127.0.0.1:47823/choice/ch_abcdefghijkl to answer them.');
    expect(keyboard).toEqual([[{ text: '✖ Cancel', callback_data: buttonData({ action: 'cancel', sessionId: 'ch_abcdefghijkl' }) }]]);
  });

  it('once answered, the first line says each question\'s answer', () => {
    const ended = { ...multi(), status: 'submitted' as const, result: { status: 'submitted' as const, session_id: 'ch_abcdefghijkl', selected: [], annotations: {}, global_annotation: null, free_text: null, answers: [{ question_index: 0, selected: [{ id: 'lite', label: 'SQLite' }] }, { question_index: 1, selected: [], free_text: 'none yet' }], interface: 'web' as const, answered_by: 'human' as const, next_step: '' } };
    const { html, keyboard } = renderGateMessage(ended, 'u');
    expect(html.split('\n')[0]).toBe('✅ <b>Database: SQLite · 2: none yet</b> — answered in the portal');
    expect(keyboard).toEqual([]);
  });
});
