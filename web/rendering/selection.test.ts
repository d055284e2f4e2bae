import { describe, expect, it } from 'vitest';
import type { ChoiceRequest } from '../../shared/choice/validate-request.js';
import { initialSelection, selectionProblem, toggleOption } from './selection.js';

const request = (extra: Partial<ChoiceRequest> = {}): ChoiceRequest => ({
  prompt: 'p',
  title: 't',
  options: [
    { id: 'a', label: 'A', recommended: true },
    { id: 'b', label: 'B', recommended: true },
    { id: 'c', label: 'C', recommended: false },
  ],
  selection_mode: 'multi',
  min_selections: 1,
  max_selections: 2,
  allow_free_text: false,
  interface: 'web',
  timeout_seconds: 300,
  timeout_action: 'timeout',
  ...extra,
});

describe('selection rules', () => {
  it('single mode replaces, multi mode toggles', () => {
    expect(toggleOption(['a'], 'b', 'single')).toEqual(['b']);
    expect(toggleOption(['a'], 'b', 'multi')).toEqual(['a', 'b']);
    expect(toggleOption(['a', 'b'], 'a', 'multi')).toEqual(['b']);
  });

  it('enforces min/max like the hub, free text alone answers when allowed', () => {
    expect(selectionProblem(request(), [], '')).toEqual({ key: 'selection.tooFew', count: 1 });
    expect(selectionProblem(request(), ['a', 'b', 'c'], '')).toEqual({ key: 'selection.tooMany', count: 2 });
    expect(selectionProblem(request(), ['a'], '')).toBeNull();
    expect(selectionProblem(request(), [], 'my own')).toEqual({ key: 'selection.tooFew', count: 1 });
    expect(selectionProblem(request({ allow_free_text: true }), [], 'my own')).toBeNull();
    expect(selectionProblem(request({ allow_free_text: true }), [], '  ')).toEqual({ key: 'selection.tooFew', count: 1 });
  });

  it('preselects the recommended options within max_selections', () => {
    expect(initialSelection(request())).toEqual(['a', 'b']);
    expect(initialSelection(request({ max_selections: 1 }))).toEqual(['a']);
  });
});
