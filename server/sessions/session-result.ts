import type { SessionInterface, SessionStatus } from '../../shared/choice/limits.js';
import type { ChoiceResult, QuestionResult } from '../../shared/choice/session-types.js';
import type { QuestionAnswer } from '../../shared/choice/answer-schema.js';
import { isMultiQuestion, type ChoiceOption, type ChoiceRequest } from '../../shared/choice/validate-request.js';
import { nextStepFor } from './next-step.js';

export interface ResultInput {
  sessionId: string;
  request: ChoiceRequest;
  status: SessionStatus;
  answeredVia: SessionInterface;
  selectedIds?: string[];
  annotations?: Record<string, string>;
  globalAnnotation?: string;
  freeText?: string;
  /** A multi-question gate: one answer per question (any order; the result lists them in question order). */
  answers?: Array<Pick<QuestionAnswer, 'question_index' | 'selected_ids' | 'free_text'>>;
  answeredBy: 'human' | 'default' | null;
}

const nonEmpty = (s: string | undefined) => (s && s.trim() ? s.trim() : null);

const picked = (options: ChoiceOption[], ids: string[]) => {
  const byId = new Map(options.map((o) => [o.id, o]));
  return ids.map((id) => ({ id, label: byId.get(id)?.label ?? id }));
};

/**
 * Builds the typed result the agent receives. Empty notes count as none. A gate asked with `questions` gets
 * `answers` (question order, `free_text` only when typed) and an empty `selected`; a one-question gate's result
 * has no `answers` field at all, so its shape is the same as before questions existed.
 */
export function buildResult(input: ResultInput): ChoiceResult {
  const request = input.request;
  const annotations: Record<string, string> = {};
  for (const [id, note] of Object.entries(input.annotations ?? {})) {
    const text = nonEmpty(note);
    if (text && request.options.some((o) => o.id === id)) annotations[id] = text;
  }
  const answers = isMultiQuestion(request) ? questionResults(request.questions.map((q) => q.options), input) : undefined;
  const freeText = nonEmpty(input.freeText);
  return {
    status: input.status,
    session_id: input.sessionId,
    selected: picked(request.options, input.selectedIds ?? []),
    annotations,
    global_annotation: nonEmpty(input.globalAnnotation),
    free_text: freeText,
    ...(answers ? { answers } : {}),
    interface: input.answeredVia,
    answered_by: input.answeredBy,
    next_step: nextStepFor(input.status, freeText !== null || Boolean(answers?.some((a) => a.free_text)), answers ? optionsCount(request) : undefined, request.timeout_seconds),
  };
}

const optionsCount = (request: ChoiceRequest) => request.questions?.length ?? 0;

/** One entry per question, in question order, once answered; none at all when nobody answered (cancel, timeout). */
function questionResults(optionsPerQuestion: ChoiceOption[][], input: ResultInput): QuestionResult[] {
  if (!input.answers) return [];
  const byIndex = new Map(input.answers.map((a) => [a.question_index, a]));
  return optionsPerQuestion.map((options, question_index) => {
    const given = byIndex.get(question_index);
    const freeText = nonEmpty(given?.free_text);
    return { question_index, selected: picked(options, given?.selected_ids ?? []), ...(freeText ? { free_text: freeText } : {}) };
  });
}
