import { describe, expect, it } from 'vitest';
import { validateChoiceRequest } from '../../shared/choice/validate-request.js';
import { displayWidth, wrap } from './ansi.js';
import { handleChoiceKey, initialState, type ChoiceUiContext } from './choice-state.js';
import { formatRemaining } from '../../shared/choice/format-remaining.js';
import { parseKeys, type Key } from './keys.js';

const request = validateChoiceRequest({ prompt: 'p', options: [{ id: 'a', label: 'Alpha' }, { id: 'b', label: 'Beta', recommended: true }] }).request;
const ctx: ChoiceUiContext = { request, submitMode: 'batch', annotationsEnabled: true };
const ch = (char: string): Key => ({ name: 'char', char });

describe('terminal building blocks', () => {
  it('decodes keys from raw input', () => {
    expect(parseKeys('\x1b[A\x1b[Bjk \r\t\x1b[Z\x7f\x03\x1b')).toEqual([
      { name: 'up' }, { name: 'down' }, ch('j'), ch('k'), { name: 'space' }, { name: 'enter' }, { name: 'tab' }, { name: 'backtab' }, { name: 'backspace' }, { name: 'ctrl', char: 'c' }, { name: 'escape' },
    ]);
    expect(parseKeys('中文')).toEqual([ch('中'), ch('文')]);
  });

  it('measures and wraps wide characters', () => {
    expect(displayWidth('中文ab')).toBe(6);
    expect(wrap('中文中文中文', 5)).toEqual(['中文', '中文', '中文']);
    expect(wrap('one two three', 7)).toEqual(['one two', 'three']);
  });

  it('formats the countdown', () => {
    expect(formatRemaining(61_000)).toBe('1:01');
    expect(formatRemaining(3_600_000)).toBe('1:00:00');
    expect(formatRemaining(400)).toBe('0:01');
  });

  it('starts on the recommended option (multi: selected); Enter with nothing selected picks the current one', () => {
    expect(initialState({ ...request, selection_mode: 'multi', max_selections: 2 }, null)).toMatchObject({ cursor: 1, selected: ['b'] });
    const state = initialState(request, null);
    expect(state).toMatchObject({ cursor: 1, selected: [] });
    const step = handleChoiceKey(state, { name: 'enter' }, ctx);
    expect(step.effect).toEqual({ type: 'submit' });
    expect(step.state.selected).toEqual(['b']);
  });

  it('keeps a draft from another interface', () => {
    const state = initialState(request, { selected_ids: ['a', 'gone'], annotations: { a: 'n' }, global_annotation: 'g', free_text: '' });
    expect(state).toMatchObject({ cursor: 0, selected: ['a'], annotations: { a: 'n' }, globalNote: 'g' });
  });

  it('notes: Tab edits the current option; Esc discards; turned off → a hint instead', () => {
    let s = handleChoiceKey(initialState(request, null), { name: 'tab' }, ctx).state;
    for (const c of 'hi') s = handleChoiceKey(s, ch(c), ctx).state;
    expect(handleChoiceKey(s, { name: 'escape' }, ctx).state.annotations).toEqual({});
    expect(handleChoiceKey(s, { name: 'enter' }, ctx).state.annotations).toEqual({ b: 'hi' });
    expect(handleChoiceKey(initialState(request, null), { name: 'tab' }, { ...ctx, annotationsEnabled: false }).state.message?.key).toBe('message.annotationsOff');
  });
});
