import { describe, expect, it } from 'vitest';
import { recommendedSelection, selectionProblem } from './selection-rule.js';
import { validateChoiceRequest } from './validate-request.js';

const request = (extra: object = {}) =>
  validateChoiceRequest({
    prompt: 'p',
    options: [{ id: 'a', label: 'A', recommended: true }, { id: 'b', label: 'B', recommended: true }, { id: 'c', label: 'C' }],
    selection_mode: 'multi',
    min_selections: 1,
    max_selections: 2,
    ...extra,
  }).request;

describe('the selection rule', () => {
  it('accepts min..max distinct options and names the bound that is broken', () => {
    expect(selectionProblem(request(), ['a'], '')).toBeNull();
    expect(selectionProblem(request(), [], '')).toEqual({ kind: 'too_few', bound: 1 });
    expect(selectionProblem(request(), ['a', 'b', 'c'], '')).toEqual({ kind: 'too_many', bound: 2 });
    expect(selectionProblem(request({ min_selections: 2 }), ['a', 'a'], '')).toEqual({ kind: 'too_few', bound: 2 });
  });

  it('lets non-blank free text answer alone only when free text is allowed', () => {
    expect(selectionProblem(request(), [], 'my own')).toEqual({ kind: 'too_few', bound: 1 });
    expect(selectionProblem(request({ allow_free_text: true, min_selections: 1 }), [], 'my own')).toBeNull();
    expect(selectionProblem(request({ allow_free_text: true, min_selections: 1 }), [], '   ')).toEqual({ kind: 'too_few', bound: 1 });
  });

  it('starts a fresh answer with the recommended options, within max_selections', () => {
    expect(recommendedSelection(request())).toEqual(['a', 'b']);
    // (The hub refuses more recommended options than max_selections; a stored request is cut, never overfilled.)
    expect(recommendedSelection({ ...request(), max_selections: 1 })).toEqual(['a']);
  });
});
