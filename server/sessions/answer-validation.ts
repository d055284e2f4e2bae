import type { SubmitAnswer } from '../../shared/choice/answer-schema.js';
import type { ChoiceRequest } from '../../shared/choice/validate-request.js';
import { selectionProblem } from '../../shared/choice/selection-rule.js';
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
  const problem = selectionProblem(request, [...seen], freeText);
  if (problem) problems.push({ field: 'selected_ids', message: `select ${problem.kind === 'too_few' ? 'at least' : 'at most'} ${problem.bound} (got ${seen.size})` });
  if (problems.length) throw new RequestValidationError(problems);
}
