import { describe, expect, it } from 'vitest';
import { isMultiQuestion, validateChoiceRequest } from './validate-request.js';
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

const db = { question: 'Which database?', header: 'Database', options: [{ id: 'pg', label: 'PostgreSQL', recommended: true }, { id: 'lite', label: 'SQLite' }] };
const extras = { question: 'Which extras?', header: 'Extras', multi_select: true, options: [{ id: 'auth', label: 'Auth' }, { id: 'cache', label: 'Cache' }] };
const name = { question: 'Project name?', options: [{ id: 'keep', label: 'Keep "demo"' }], allow_free_text: true };

describe('validateChoiceRequest with questions', () => {
  it('fills each question\'s defaults; the top-level option fields stay empty and prompt is optional', () => {
    const { request } = validateChoiceRequest({ questions: [db, extras, name] });
    expect(isMultiQuestion(request)).toBe(true);
    expect(request.title).toBe('Which database?');
    expect(request.prompt).toBe('');
    expect(request.options).toEqual([]);
    expect(request.questions!.map((q) => [q.header, q.selection_mode, q.min_selections, q.max_selections, q.allow_free_text])).toEqual([
      ['Database', 'single', 1, 1, false],
      ['Extras', 'multi', 1, 2, false],
      [undefined, 'single', 1, 1, true],
    ]);
    expect(request.questions![0]!.options[1]).toEqual({ id: 'lite', label: 'SQLite', recommended: false });
  });

  it('takes the title from the prompt when one is given, and one question alone is still the questions shape', () => {
    const { request } = validateChoiceRequest({ prompt: '# Set up the service\nTwo choices.', questions: [db] });
    expect(request.title).toBe('Set up the service');
    expect(request.questions).toHaveLength(1);
    expect(isMultiQuestion(validateChoiceRequest({ prompt: 'p', options: db.options }).request)).toBe(false);
  });

  it('option ids need only be unique within their question', () => {
    const yesNo = [{ id: 'yes', label: 'Yes' }, { id: 'no', label: 'No' }];
    expect(validateChoiceRequest({ questions: [{ question: 'A?', options: yesNo }, { question: 'B?', options: yesNo }] }).request.questions).toHaveLength(2);
  });

  it.each([
    ['neither options nor questions', { prompt: 'p' }, 'options: is required (or give questions: 1–4 questions, each with its own options)'],
    ['options with questions', { prompt: 'p', options: db.options, questions: [db] }, 'options: cannot be given with questions: each question carries its own (options)'],
    ['selection_mode with questions', { questions: [db], selection_mode: 'multi' }, 'selection_mode: cannot be given with questions: each question carries its own (multi_select)'],
    ['allow_free_text with questions', { questions: [db], allow_free_text: true }, 'allow_free_text: cannot be given with questions: each question carries its own (allow_free_text)'],
    ['no questions', { questions: [] }, 'questions: must have at least 1 question'],
    ['five questions', { questions: [1, 2, 3, 4, 5].map((n) => ({ ...db, question: `Q${n}?` })) }, 'questions: must have at most 4 questions'],
    ['questions not an array', { questions: 'which db' }, 'questions: must be an array of questions'],
    ['header too long', { questions: [{ ...db, header: 'Database engine' }] }, 'questions[0].header: must be at most 12 characters'],
    ['question missing', { questions: [{ options: db.options }] }, 'questions[0].question: is required'],
    ['question empty', { questions: [{ ...db, question: '  ' }] }, 'questions[0].question: must not be empty'],
    ['options missing', { questions: [{ question: 'Q?' }] }, 'questions[0].options: is required'],
    ['no options', { questions: [{ question: 'Q?', options: [] }] }, 'questions[0].options: must have at least 1 option'],
    ['duplicate option id', { questions: [db, { ...extras, options: [{ id: 'a', label: 'A' }, { id: 'a', label: 'B' }] }] }, 'questions[1].options[1].id: duplicate "a" (also questions[1].options[0].id)'],
    ['duplicate label', { questions: [{ ...db, options: [{ id: 'a', label: 'Same' }, { id: 'b', label: 'same' }] }] }, 'questions[0].options[1].label: duplicate "same" (also questions[0].options[0].label; labels are compared without case)'],
    ['duplicate question', { questions: [db, { ...db, header: 'Again' }] }, 'questions[1].question: duplicate "Which database?" (also questions[0].question)'],
    ['two recommended without multi_select', { questions: [{ ...db, options: db.options.map((o) => ({ ...o, recommended: true })) }] }, 'questions[0].options: 2 options are marked recommended; a question without multi_select allows at most one'],
    ['submit_recommended with a question lacking one', { questions: [db, extras], timeout_action: 'submit_recommended' }, 'timeout_action: is "submit_recommended" but no option of questions[1] is marked recommended'],
    ['multiSelect spelled as in AskUserQuestion', { questions: [{ ...db, multiSelect: true }] }, 'questions[0].multiSelect: unknown field — did you mean "multi_select"?'],
    ['unknown question field far from any', { questions: [{ ...db, colour: 'red' }] }, 'questions[0].colour: unknown field (known: question, header, options, multi_select, allow_free_text)'],
    ['unknown option field in a question', { questions: [{ ...db, options: [{ id: 'a', lable: 'A' }] }] }, 'questions[0].options[0].lable: unknown field — did you mean "label"?'],
    ['multi_select not a boolean', { questions: [{ ...db, multi_select: 'yes' }] }, 'questions[0].multi_select: must be true or false'],
  ])('%s', (_name, raw, expected) => {
    expect(problems(raw)).toContain(expected);
  });

  it('a missing prompt is still named for a one-question gate', () => {
    expect(problems({ options: db.options })).toEqual(['prompt: is required']);
  });
});
