import type { SubmitAnswer } from '../../shared/choice/answer-schema.js';
import type { ChoiceRequest } from '../../shared/choice/validate-request.js';
import { RequestValidationError, type FieldProblem } from '../../shared/validation-error.js';

/** Checks an answer against the request it answers (ids exist, min/max, free text allowed). */
export function validateAnswer(request: ChoiceRequest, answer: SubmitAnswer): void {
  const problems: FieldProblem[] = [];
  const ids = new Set(request.options.map((o) => o.id));
  const seen = new Set<string>();
  answer.selected_ids.forEach((id, i) => {
    if (!ids.has(id)) problems.push({ field: `selected_ids[${i}]`, message: `unknown option id ${JSON.stringify(id)}` });
    else if (seen.has(id)) problems.push({ field: `selected_ids[${i}]`, message: `duplicate ${JSON.stringify(id)}` });
    seen.add(id);
  });
  for (const id of Object.keys(answer.annotations ?? {})) {
    if (!ids.has(id)) problems.push({ field: `annotations.${id}`, message: 'no option has this id' });
  }
  const freeText = answer.free_text?.trim() ?? '';
  if (freeText && !request.allow_free_text) problems.push({ field: 'free_text', message: 'this choice does not accept free text' });
  const count = seen.size;
  const freeTextOnly = count === 0 && freeText !== '' && request.allow_free_text;
  if (!freeTextOnly) {
    if (count < request.min_selections) problems.push({ field: 'selected_ids', message: `select at least ${request.min_selections} (got ${count})` });
    if (count > request.max_selections) problems.push({ field: 'selected_ids', message: `select at most ${request.max_selections} (got ${count})` });
  }
  if (problems.length) throw new RequestValidationError(problems);
}
