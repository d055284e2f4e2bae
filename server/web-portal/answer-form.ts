import type { SubmitAnswer } from '../../shared/choice/answer-schema.js';
import type { ChoiceRequest } from '../../shared/choice/validate-request.js';

/** A fallback form post (urlencoded) → the hub's submit body, or a cancel with its note. */
export function parseAnswerForm(request: ChoiceRequest, form: URLSearchParams): { action: 'submit'; answer: SubmitAnswer } | { action: 'cancel'; note: string } {
  const note = form.get('global_annotation') ?? '';
  if (form.get('action') === 'cancel') return { action: 'cancel', note };
  if (request.questions) {
    // Several questions: question i's picks are posted as `q<i>`, its own words as `free_text_<i>`.
    const answers = request.questions.map((q, i) => ({ question_index: i, selected_ids: [...new Set(form.getAll(`q${i}`))], ...(q.allow_free_text ? { free_text: form.get(`free_text_${i}`) ?? '' } : {}) }));
    return { action: 'submit', answer: { answers, global_annotation: note, interface: 'web' } };
  }
  const annotations: Record<string, string> = {};
  for (const option of request.options) {
    const text = form.get(`note_${option.id}`)?.trim();
    if (text) annotations[option.id] = text;
  }
  return {
    action: 'submit',
    answer: {
      selected_ids: [...new Set(form.getAll('choice'))],
      annotations,
      global_annotation: note,
      ...(request.allow_free_text ? { free_text: form.get('free_text') ?? '' } : {}),
      interface: 'web',
    },
  };
}
