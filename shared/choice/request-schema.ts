import { z } from 'zod';
import { CHOICE_LIMITS, INTERFACES, SELECTION_MODES, TIMEOUT_ACTIONS } from './limits.js';

const L = CHOICE_LIMITS;

/** `is required` for a missing field, `must be a <kind>` for a wrong type. */
function kindError(kind: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : `must be ${kind}`);
}

const text = (max: number, kind = 'a string') =>
  z
    .string({ error: kindError(kind) })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${max} characters` });

export const choiceOptionSchema = z.strictObject(
  {
    id: text(100),
    label: text(L.maxLabelChars),
    description: z.string({ error: kindError('a string') }).max(L.maxDescriptionChars).optional(),
    recommended: z.boolean({ error: kindError('true or false') }).optional(),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? undefined : 'must be an object {id, label, description?, recommended?}') },
);

const enumOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (iss) => (iss.input === undefined ? 'is required' : `must be one of ${values.join(', ')} (got ${JSON.stringify(iss.input)})`) });

const optionList = z
  .array(choiceOptionSchema, { error: kindError('an array of options') })
  .min(L.minOptions, { error: `must have at least ${L.minOptions} option` })
  .max(L.maxOptions, { error: `must have at most ${L.maxOptions} options` });

/** One of several questions in one gate (`questions`), shaped like Claude Code's AskUserQuestion. */
export const choiceQuestionSchema = z.strictObject(
  {
    question: text(L.maxQuestionChars),
    header: text(L.maxHeaderChars).optional(),
    options: optionList,
    multi_select: z.boolean({ error: kindError('true or false') }).optional(),
    allow_free_text: z.boolean({ error: kindError('true or false') }).optional(),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? undefined : 'must be an object {question, header?, options, multi_select?, allow_free_text?}') },
);

/**
 * The request an agent sends to start a choice. Shape only; cross-field rules are in validate-request.ts
 * (`prompt` + `options` for one question, or `questions` for several: exactly one of the two is given).
 */
export const choiceRequestSchema = z.strictObject(
  {
    prompt: text(L.maxPromptChars).optional(),
    title: text(L.maxTitleChars).optional(),
    context: text(L.maxContextChars).refine((v) => !/[\r\n]/.test(v), { error: 'must be one line (no line breaks)' }).optional(),
    options: optionList.optional(),
    questions: z
      .array(choiceQuestionSchema, { error: kindError('an array of questions') })
      .min(L.minQuestions, { error: `must have at least ${L.minQuestions} question` })
      .max(L.maxQuestions, { error: `must have at most ${L.maxQuestions} questions` })
      .optional(),
    selection_mode: enumOf(SELECTION_MODES).optional(),
    min_selections: z.number({ error: kindError('a whole number') }).int({ error: 'must be a whole number' }).min(0, { error: 'must be 0 or more' }).optional(),
    max_selections: z.number({ error: kindError('a whole number') }).int({ error: 'must be a whole number' }).min(1, { error: 'must be 1 or more' }).optional(),
    allow_free_text: z.boolean({ error: kindError('true or false') }).optional(),
    interface: enumOf(INTERFACES).optional(),
    timeout_seconds: z.number({ error: kindError('a number of seconds') }).finite({ error: 'must be a finite number' }).optional(),
    timeout_action: enumOf(TIMEOUT_ACTIONS).optional(),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? undefined : 'must be an object') },
);

export type ChoiceRequestInput = z.input<typeof choiceRequestSchema>;
