import type { QuestionAnswer, SubmitAnswer } from '../../shared/choice/answer-schema.js';
import { isMultiQuestion, type ChoiceRequest, type QuestionRules } from '../../shared/choice/validate-request.js';
import { selectionProblem } from '../../shared/choice/selection-rule.js';
import { RequestValidationError, type FieldProblem } from '../../shared/validation-error.js';

/**
 * Checks an answer against the request it answers: a one-question gate takes `selected_ids`, a gate with
 * `questions` takes `answers` (exactly one per question); every pick names an existing option, min/max hold and
 * free text only where it is allowed.
 */
export function validateAnswer(request: ChoiceRequest, answer: SubmitAnswer): void {
  const problems = isMultiQuestion(request) ? multiQuestionProblems(request.questions, answer) : singleQuestionProblems(request, answer);
  if (problems.length) throw new RequestValidationError(problems);
}

function singleQuestionProblems(request: ChoiceRequest, answer: SubmitAnswer): FieldProblem[] {
  if (answer.answers !== undefined) return [{ field: 'answers', message: 'this gate asks one question: answer it with selected_ids' }];
  if (answer.selected_ids === undefined) return [{ field: 'selected_ids', message: 'is required' }];
  const problems = selectionProblems(request, answer.selected_ids, answer.free_text, '');
  const ids = new Set(request.options.map((o) => o.id));
  for (const id of Object.keys(answer.annotations ?? {})) {
    if (!ids.has(id)) problems.push({ field: `annotations.${id}`, message: 'no option has this id' });
  }
  return problems;
}

function multiQuestionProblems(questions: QuestionRules[], answer: SubmitAnswer): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const oneAnswerEach = `this gate asks ${questions.length} questions: answer each in answers[] ({question_index, selected_ids, free_text?})`;
  for (const field of ['selected_ids', 'annotations', 'free_text'] as const) {
    if (answer[field] !== undefined) problems.push({ field, message: `not used here — ${oneAnswerEach}` });
  }
  if (answer.answers === undefined) return [...problems, { field: 'answers', message: `is required — ${oneAnswerEach}` }];
  const byIndex = new Map<number, number>();
  answer.answers.forEach((a: QuestionAnswer, i) => {
    const at = `answers[${i}]`;
    if (a.question_index >= questions.length) problems.push({ field: `${at}.question_index`, message: `is ${a.question_index} but the questions are numbered 0–${questions.length - 1}` });
    else if (byIndex.has(a.question_index)) problems.push({ field: `${at}.question_index`, message: `duplicate ${a.question_index} (also answers[${byIndex.get(a.question_index)}])` });
    else {
      byIndex.set(a.question_index, i);
      problems.push(...selectionProblems(questions[a.question_index]!, a.selected_ids, a.free_text, `${at}.`));
    }
  });
  const missing = questions.map((_, q) => q).filter((q) => !byIndex.has(q));
  if (missing.length) problems.push({ field: 'answers', message: `no answer for question_index ${missing.join(', ')} (every question needs one)` });
  return problems;
}

/** Ids exist and are distinct, free text only where allowed, min/max (or free text alone) hold. `at` prefixes field names. */
function selectionProblems(rules: QuestionRules, selectedIds: string[], freeTextRaw: string | undefined, at: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const ids = new Set(rules.options.map((o) => o.id));
  const seen = new Set<string>();
  selectedIds.forEach((id, i) => {
    if (!ids.has(id)) problems.push({ field: `${at}selected_ids[${i}]`, message: `unknown option id ${JSON.stringify(id)}` });
    else if (seen.has(id)) problems.push({ field: `${at}selected_ids[${i}]`, message: `duplicate ${JSON.stringify(id)}` });
    seen.add(id);
  });
  const freeText = freeTextRaw?.trim() ?? '';
  if (freeText && !rules.allow_free_text) problems.push({ field: `${at}free_text`, message: `this ${at ? 'question' : 'choice'} does not accept free text` });
  const problem = selectionProblem(rules, [...seen], freeText);
  if (problem) problems.push({ field: `${at}selected_ids`, message: `select ${problem.kind === 'too_few' ? 'at least' : 'at most'} ${problem.bound} (got ${seen.size})` });
  return problems;
}
