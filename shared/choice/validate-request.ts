import { choiceOptionSchema, choiceQuestionSchema, choiceRequestSchema } from './request-schema.js';
import { duplicateOptionProblems, validatedOption, validateQuestions } from './validate-questions.js';
import { unknownFieldMessage } from './did-you-mean.js';
import type { z } from 'zod';
import { CHOICE_LIMITS, type RequestedInterface, type SelectionMode, type TimeoutAction } from './limits.js';
import { problemsFromZod, RequestValidationError, type FieldProblem } from '../validation-error.js';

export interface ChoiceOption {
  id: string;
  label: string;
  description?: string;
  recommended: boolean;
}

/** The options of one question and how many of them may be picked. */
export interface QuestionRules {
  options: ChoiceOption[];
  selection_mode: SelectionMode;
  min_selections: number;
  max_selections: number;
  allow_free_text: boolean;
}

/** One of several questions in one gate, with every default filled in. */
export interface ChoiceQuestion extends QuestionRules {
  question: string;
  /** A short chip (≤ 12 characters) naming the question. */
  header?: string;
}

/**
 * A validated request with every default filled in. A gate asks either one question (`prompt` + the
 * top-level option fields) or several (`questions`; then `prompt` is optional context and the top-level
 * option fields are empty: no options, nothing to pick — see `isMultiQuestion`).
 */
export interface ChoiceRequest extends QuestionRules {
  prompt: string;
  title: string;
  /** What the agent is doing, in one short line (optional). */
  context?: string;
  /** 1–4 questions answered together (present only when the agent sent `questions`). */
  questions?: ChoiceQuestion[];
  interface: RequestedInterface;
  timeout_seconds: number;
  timeout_action: TimeoutAction;
}

/** A gate that asks several questions (`questions`): answered with `answers`, one per question. */
export function isMultiQuestion(request: Pick<ChoiceRequest, 'questions'>): request is { questions: ChoiceQuestion[] } {
  return Array.isArray(request.questions);
}

export interface ValidatedRequest {
  request: ChoiceRequest;
  /** Things the caller should know that did not stop the request (e.g. a clamped timeout). */
  notices: string[];
}

export interface RequestDefaults {
  timeout_seconds?: number;
}

/** Validates a raw request; throws RequestValidationError naming every field and problem. */
export function validateChoiceRequest(raw: unknown, defaults: RequestDefaults = {}): ValidatedRequest {
  const parsed = choiceRequestSchema.safeParse(raw);
  if (!parsed.success) throw new RequestValidationError(problemsFromZod(parsed.error).map(suggestKnownField));
  const input = parsed.data;
  if (input.questions) return validateMultiQuestion(input, input.questions, defaults);
  const problems: FieldProblem[] = [];
  if (input.prompt === undefined) problems.push({ field: 'prompt', message: 'is required' });
  if (input.options === undefined) problems.push({ field: 'options', message: `is required (or give questions: ${CHOICE_LIMITS.minQuestions}–${CHOICE_LIMITS.maxQuestions} questions, each with its own options)` });
  if (input.prompt === undefined || input.options === undefined) throw new RequestValidationError(problems);
  const options = input.options;
  problems.push(...duplicateOptionProblems(options, 'options'));

  const mode: SelectionMode = input.selection_mode ?? 'single';
  const count = options.length;
  const allowFreeText = input.allow_free_text ?? false;
  const recommended = options.filter((o) => o.recommended).length;
  let min = input.min_selections ?? (allowFreeText ? 0 : 1);
  const max = input.max_selections ?? (mode === 'single' ? 1 : count);

  if (mode === 'single') {
    if (input.max_selections !== undefined && input.max_selections !== 1) problems.push({ field: 'max_selections', message: `must be 1 in single selection mode (got ${input.max_selections}); use selection_mode "multi" to allow more` });
    if (input.min_selections !== undefined && input.min_selections > 1) problems.push({ field: 'min_selections', message: `must be 0 or 1 in single selection mode (got ${input.min_selections})` });
    if (recommended > 1) problems.push({ field: 'options', message: `${recommended} options are marked recommended; single selection mode allows at most one` });
  } else {
    if (input.max_selections !== undefined && input.max_selections > count) problems.push({ field: 'max_selections', message: `is ${input.max_selections} but there are only ${count} options` });
    if (input.min_selections !== undefined && input.min_selections > count) problems.push({ field: 'min_selections', message: `is ${input.min_selections} but there are only ${count} options` });
    if (recommended > max && input.max_selections !== undefined) problems.push({ field: 'options', message: `${recommended} options are marked recommended but max_selections is ${max}` });
  }
  if (input.min_selections !== undefined && input.max_selections !== undefined && input.min_selections > input.max_selections) {
    problems.push({ field: 'min_selections', message: `is ${input.min_selections}, greater than max_selections ${input.max_selections}` });
  }
  const timeoutAction: TimeoutAction = input.timeout_action ?? 'timeout';
  if (timeoutAction === 'submit_recommended') {
    if (recommended === 0) problems.push({ field: 'timeout_action', message: 'is "submit_recommended" but no option is marked recommended' });
    else if (recommended < min) problems.push({ field: 'timeout_action', message: `is "submit_recommended" but only ${recommended} options are recommended and min_selections is ${min}` });
  }
  if (problems.length) throw new RequestValidationError(problems);

  min = Math.min(min, max);
  const { timeout, notices } = clampedTimeout(input.timeout_seconds ?? defaults.timeout_seconds ?? CHOICE_LIMITS.defaultTimeoutSeconds);
  return {
    request: {
      prompt: input.prompt,
      title: input.title ?? firstLine(input.prompt),
      ...(input.context ? { context: input.context } : {}),
      options: options.map(validatedOption),
      selection_mode: mode,
      min_selections: min,
      max_selections: max,
      allow_free_text: allowFreeText,
      interface: input.interface ?? 'auto',
      timeout_seconds: timeout,
      timeout_action: timeoutAction,
    },
    notices,
  };
}

/** The single-question fields; none of them may be given with `questions` (each question carries its own). */
const SINGLE_QUESTION_FIELDS = ['options', 'selection_mode', 'min_selections', 'max_selections', 'allow_free_text'] as const;

function validateMultiQuestion(input: ParsedRequest, questions: NonNullable<ParsedRequest['questions']>, defaults: RequestDefaults): ValidatedRequest {
  const problems: FieldProblem[] = SINGLE_QUESTION_FIELDS.filter((field) => input[field] !== undefined).map((field) => ({
    field,
    message: `cannot be given with questions: each question carries its own (${field === 'selection_mode' || field === 'min_selections' || field === 'max_selections' ? 'multi_select' : field})`,
  }));
  const timeoutAction: TimeoutAction = input.timeout_action ?? 'timeout';
  const checked = validateQuestions(questions, timeoutAction === 'submit_recommended');
  problems.push(...checked.problems);
  if (problems.length) throw new RequestValidationError(problems);
  const { timeout, notices } = clampedTimeout(input.timeout_seconds ?? defaults.timeout_seconds ?? CHOICE_LIMITS.defaultTimeoutSeconds);
  const prompt = input.prompt ?? '';
  return {
    request: {
      prompt,
      title: input.title ?? firstLine(prompt.trim() ? prompt : checked.questions[0]!.question),
      ...(input.context ? { context: input.context } : {}),
      questions: checked.questions,
      options: [],
      selection_mode: 'single',
      min_selections: 0,
      max_selections: 0,
      allow_free_text: false,
      interface: input.interface ?? 'auto',
      timeout_seconds: timeout,
      timeout_action: timeoutAction,
    },
    notices,
  };
}

function clampedTimeout(asked: number): { timeout: number; notices: string[] } {
  const clamped = Math.min(CHOICE_LIMITS.maxTimeoutSeconds, Math.max(CHOICE_LIMITS.minTimeoutSeconds, Math.round(asked)));
  if (clamped === asked) return { timeout: asked, notices: [] };
  return { timeout: clamped, notices: [`timeout_seconds ${asked} is outside ${CHOICE_LIMITS.minTimeoutSeconds}–${CHOICE_LIMITS.maxTimeoutSeconds}; clamped to ${clamped}`] };
}

type ParsedRequest = z.output<typeof choiceRequestSchema>;

const REQUEST_FIELDS = Object.keys(choiceRequestSchema.shape);
const OPTION_FIELDS = Object.keys(choiceOptionSchema.shape);
const QUESTION_FIELDS = Object.keys(choiceQuestionSchema.shape);

/** An unknown field (often a typo: `timeout_second`, `allow_freetext`) gets the known name it was likely meant as. */
function suggestKnownField(problem: FieldProblem): FieldProblem {
  if (problem.message !== 'unknown field') return problem;
  const option = /^(?:questions\[\d+\]\.)?options\[\d+\]\.([^.[]+)$/.exec(problem.field);
  if (option) return { ...problem, message: unknownFieldMessage(option[1], OPTION_FIELDS) };
  const question = /^questions\[\d+\]\.([^.[]+)$/.exec(problem.field);
  if (question) return { ...problem, message: unknownFieldMessage(question[1], QUESTION_FIELDS) };
  return problem.field.includes('.') || problem.field.includes('[') ? problem : { ...problem, message: unknownFieldMessage(problem.field, REQUEST_FIELDS) };
}

function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim()) ?? text;
  const clean = line.replace(/^#+\s*/, '').trim();
  return clean.length > 80 ? `${clean.slice(0, 77)}…` : clean;
}
