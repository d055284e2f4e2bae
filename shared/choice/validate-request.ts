import { choiceOptionSchema, choiceRequestSchema } from './request-schema.js';
import { unknownFieldMessage } from './did-you-mean.js';
import { CHOICE_LIMITS, type RequestedInterface, type SelectionMode, type TimeoutAction } from './limits.js';
import { problemsFromZod, RequestValidationError, type FieldProblem } from '../validation-error.js';

export interface ChoiceOption {
  id: string;
  label: string;
  description?: string;
  recommended: boolean;
}

/** A validated request with every default filled in. */
export interface ChoiceRequest {
  prompt: string;
  title: string;
  /** What the agent is doing, in one short line (optional). */
  context?: string;
  options: ChoiceOption[];
  selection_mode: SelectionMode;
  min_selections: number;
  max_selections: number;
  allow_free_text: boolean;
  interface: RequestedInterface;
  timeout_seconds: number;
  timeout_action: TimeoutAction;
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
  const problems: FieldProblem[] = [];
  const notices: string[] = [];

  const seenIds = new Map<string, number>();
  const seenLabels = new Map<string, number>();
  input.options.forEach((option, index) => {
    if (seenIds.has(option.id)) problems.push({ field: `options[${index}].id`, message: `duplicate ${JSON.stringify(option.id)} (also options[${seenIds.get(option.id)}].id)` });
    else seenIds.set(option.id, index);
    const labelKey = option.label.toLocaleLowerCase();
    if (seenLabels.has(labelKey)) problems.push({ field: `options[${index}].label`, message: `duplicate ${JSON.stringify(option.label)} (also options[${seenLabels.get(labelKey)}].label; labels are compared without case)` });
    else seenLabels.set(labelKey, index);
  });

  const mode: SelectionMode = input.selection_mode ?? 'single';
  const count = input.options.length;
  const allowFreeText = input.allow_free_text ?? false;
  const recommended = input.options.filter((o) => o.recommended).length;
  let min = input.min_selections ?? (allowFreeText ? 0 : 1);
  let max = input.max_selections ?? (mode === 'single' ? 1 : count);

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
  let timeout = input.timeout_seconds ?? defaults.timeout_seconds ?? CHOICE_LIMITS.defaultTimeoutSeconds;
  const clamped = Math.min(CHOICE_LIMITS.maxTimeoutSeconds, Math.max(CHOICE_LIMITS.minTimeoutSeconds, Math.round(timeout)));
  if (clamped !== timeout) {
    notices.push(`timeout_seconds ${timeout} is outside ${CHOICE_LIMITS.minTimeoutSeconds}–${CHOICE_LIMITS.maxTimeoutSeconds}; clamped to ${clamped}`);
    timeout = clamped;
  }

  return {
    request: {
      prompt: input.prompt,
      title: input.title ?? firstLine(input.prompt),
      ...(input.context ? { context: input.context } : {}),
      options: input.options.map((o) => ({ id: o.id, label: o.label, ...(o.description ? { description: o.description } : {}), recommended: o.recommended ?? false })),
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

const REQUEST_FIELDS = Object.keys(choiceRequestSchema.shape);
const OPTION_FIELDS = Object.keys(choiceOptionSchema.shape);

/** An unknown field (often a typo: `timeout_second`, `allow_freetext`) gets the known name it was likely meant as. */
function suggestKnownField(problem: FieldProblem): FieldProblem {
  if (problem.message !== 'unknown field') return problem;
  const option = /^options\[\d+\]\.(.+)$/.exec(problem.field);
  if (option) return { ...problem, message: unknownFieldMessage(option[1], OPTION_FIELDS) };
  return problem.field.includes('.') || problem.field.includes('[') ? problem : { ...problem, message: unknownFieldMessage(problem.field, REQUEST_FIELDS) };
}

function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim()) ?? text;
  const clean = line.replace(/^#+\s*/, '').trim();
  return clean.length > 80 ? `${clean.slice(0, 77)}…` : clean;
}
