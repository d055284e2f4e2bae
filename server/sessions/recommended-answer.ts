import { isMultiQuestion, type ChoiceRequest } from '../../shared/choice/validate-request.js';

/** What `timeout_action: submit_recommended` submits: the recommended options — of each question when there are several. */
export function recommendedAnswer(request: ChoiceRequest): { selectedIds?: string[]; answers?: Array<{ question_index: number; selected_ids: string[] }> } {
  const recommended = (options: ChoiceRequest['options']) => options.filter((o) => o.recommended).map((o) => o.id);
  if (isMultiQuestion(request)) return { answers: request.questions.map((q, question_index) => ({ question_index, selected_ids: recommended(q.options).slice(0, q.max_selections) })) };
  return { selectedIds: recommended(request.options) };
}
