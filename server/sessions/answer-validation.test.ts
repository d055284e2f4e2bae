import { describe, expect, it } from 'vitest';
import { validateChoiceRequest } from '../../shared/choice/validate-request.js';
import { RequestValidationError } from '../../shared/validation-error.js';
import { validateAnswer } from './answer-validation.js';

const { request } = validateChoiceRequest({ prompt: 'p', selection_mode: 'multi', min_selections: 1, max_selections: 2, options: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }, { id: 'c', label: 'C' }] });

function messages(answer: Parameters<typeof validateAnswer>[1], req = request): string[] {
  try {
    validateAnswer(req, answer);
    return [];
  } catch (err) {
    return (err as RequestValidationError).problems.map((p) => `${p.field}: ${p.message}`);
  }
}

describe('validateAnswer', () => {
  it('accepts an answer within bounds', () => expect(messages({ selected_ids: ['a', 'c'] })).toEqual([]));
  it('enforces min and max', () => {
    expect(messages({ selected_ids: [] })).toEqual(['selected_ids: select at least 1 (got 0)']);
    expect(messages({ selected_ids: ['a', 'b', 'c'] })).toEqual(['selected_ids: select at most 2 (got 3)']);
  });
  it('names unknown and duplicate ids', () => {
    expect(messages({ selected_ids: ['a', 'zz', 'a'] })).toEqual(['selected_ids[1]: unknown option id "zz"', 'selected_ids[2]: duplicate "a"']);
  });
  it('refuses free text unless allowed, and accepts it alone when allowed', () => {
    expect(messages({ selected_ids: ['a'], free_text: 'hi' })).toEqual(['free_text: this choice does not accept free text']);
    const open = validateChoiceRequest({ prompt: 'p', allow_free_text: true, min_selections: 1, options: [{ id: 'a', label: 'A' }] }).request;
    expect(messages({ selected_ids: [], free_text: 'something else' }, open)).toEqual([]);
  });
  it('refuses annotations for options that do not exist', () => {
    expect(messages({ selected_ids: ['a'], annotations: { q: 'note' } })).toEqual(['annotations.q: no option has this id']);
  });
});
