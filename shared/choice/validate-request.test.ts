import { describe, expect, it } from 'vitest';
import { validateChoiceRequest } from './validate-request.js';
import { RequestValidationError } from '../validation-error.js';

const base = { prompt: 'Which database?', options: [{ id: 'pg', label: 'PostgreSQL' }, { id: 'lite', label: 'SQLite' }] };

function problems(raw: unknown): string[] {
  try {
    validateChoiceRequest(raw);
  } catch (err) {
    if (err instanceof RequestValidationError) return err.problems.map((p) => `${p.field}: ${p.message}`);
    throw err;
  }
  throw new Error('expected a validation error');
}

describe('validateChoiceRequest', () => {
  it('fills defaults', () => {
    const { request, notices } = validateChoiceRequest(base);
    expect(request).toMatchObject({ title: 'Which database?', selection_mode: 'single', min_selections: 1, max_selections: 1, allow_free_text: false, interface: 'auto', timeout_seconds: 300, timeout_action: 'timeout' });
    expect(request.options[0].recommended).toBe(false);
    expect(notices).toEqual([]);
  });

  it.each([
    ['missing prompt', { options: base.options }, 'prompt: is required'],
    ['empty prompt', { ...base, prompt: '   ' }, 'prompt: must not be empty'],
    ['prompt not a string', { ...base, prompt: 42 }, 'prompt: must be a string'],
    ['no options', { ...base, options: [] }, 'options: must have at least 1 option'],
    ['options not an array', { ...base, options: 'pg' }, 'options: must be an array of options'],
    ['too many options', { ...base, options: Array.from({ length: 51 }, (_, i) => ({ id: `o${i}`, label: `O${i}` })) }, 'options: must have at most 50 options'],
    ['option without label', { ...base, options: [{ id: 'pg' }] }, 'options[0].label: is required'],
    ['duplicate id', { ...base, options: [...base.options, { id: 'pg', label: 'Postgres 16' }] }, 'options[2].id: duplicate "pg" (also options[0].id)'],
    ['duplicate label ignoring case', { ...base, options: [...base.options, { id: 'x', label: 'sqlite' }] }, 'options[2].label: duplicate "sqlite" (also options[1].label; labels are compared without case)'],
    ['unknown field', { ...base, optons: [] }, 'optons: unknown field — did you mean "options"?'],
    ['typo of timeout_seconds', { ...base, timeout_second: 60 }, 'timeout_second: unknown field — did you mean "timeout_seconds"?'],
    ['typo of allow_free_text', { ...base, allow_freetext: true }, 'allow_freetext: unknown field — did you mean "allow_free_text"?'],
    ['unknown field far from any', { ...base, colour: 'red' }, 'colour: unknown field (known: prompt, title, context, options, questions, selection_mode, min_selections, max_selections, allow_free_text, interface, timeout_seconds, timeout_action)'],
    ['a constructor key is an unknown field like any other', JSON.parse(`{"prompt":"p","options":[{"id":"a","label":"A"}],"constructor":1}`), 'constructor: unknown field (known: prompt, title, context, options, questions, selection_mode, min_selections, max_selections, allow_free_text, interface, timeout_seconds, timeout_action)'],
    ['unknown option field', { ...base, options: [{ id: 'a', label: 'A', lable: 'x' }] }, 'options[0].lable: unknown field — did you mean "label"?'],
    ['bad selection_mode', { ...base, selection_mode: 'many' }, 'selection_mode: must be one of single, multi (got "many")'],
    ['bad interface', { ...base, interface: 'fax' }, 'interface: must be one of auto, web, terminal, chat, elicitation (got "fax")'],
    ['max > 1 in single mode', { ...base, max_selections: 2 }, 'max_selections: must be 1 in single selection mode (got 2); use selection_mode "multi" to allow more'],
    ['min > max', { ...base, selection_mode: 'multi', min_selections: 2, max_selections: 1 }, 'min_selections: is 2, greater than max_selections 1'],
    ['max > option count', { ...base, selection_mode: 'multi', max_selections: 5 }, 'max_selections: is 5 but there are only 2 options'],
    ['fractional min', { ...base, selection_mode: 'multi', min_selections: 1.5 }, 'min_selections: must be a whole number'],
    ['two recommended in single mode', { ...base, options: base.options.map((o) => ({ ...o, recommended: true })) }, 'options: 2 options are marked recommended; single selection mode allows at most one'],
    ['submit_recommended without recommended', { ...base, timeout_action: 'submit_recommended' }, 'timeout_action: is "submit_recommended" but no option is marked recommended'],
    ['timeout not a number', { ...base, timeout_seconds: '60' }, 'timeout_seconds: must be a number of seconds'],
    ['request not an object', 'pick one', '(request): must be an object'],
  ])('%s', (_name, raw, expected) => {
    expect(problems(raw)).toContain(expected);
  });

  it('reports every problem at once', () => {
    expect(problems({ ...base, options: [{ id: 'a', label: 'A' }, { id: 'a', label: 'a' }] })).toHaveLength(2);
  });

  it('clamps an out-of-range timeout and says so', () => {
    const low = validateChoiceRequest({ ...base, timeout_seconds: 1 });
    expect(low.request.timeout_seconds).toBe(10);
    expect(low.notices[0]).toMatch(/clamped to 10/);
    expect(validateChoiceRequest({ ...base, timeout_seconds: 10 ** 9 }).request.timeout_seconds).toBe(86_400);
  });

  it('uses the default timeout from settings when none is given', () => {
    expect(validateChoiceRequest(base, { timeout_seconds: 120 }).request.timeout_seconds).toBe(120);
  });

  it('multi mode defaults max to the option count; free text lowers min to 0', () => {
    const { request } = validateChoiceRequest({ ...base, selection_mode: 'multi', allow_free_text: true });
    expect([request.min_selections, request.max_selections]).toEqual([0, 2]);
  });
});
