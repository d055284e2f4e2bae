import type { z } from 'zod';
import type { choiceOptionSchema, choiceQuestionSchema } from './request-schema.js';
import type { FieldProblem } from '../validation-error.js';
import type { ChoiceOption, ChoiceQuestion } from './validate-request.js';

type OptionInput = z.output<typeof choiceOptionSchema>;
type QuestionInput = z.output<typeof choiceQuestionSchema>;

/** Ids unique, labels unique ignoring case — within one list of options (`prefix` names it: `options`, `questions[1].options`). */
export function duplicateOptionProblems(options: OptionInput[], prefix: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const seenIds = new Map<string, number>();
  const seenLabels = new Map<string, number>();
  options.forEach((option, index) => {
    if (seenIds.has(option.id)) problems.push({ field: `${prefix}[${index}].id`, message: `duplicate ${JSON.stringify(option.id)} (also ${prefix}[${seenIds.get(option.id)}].id)` });
    else seenIds.set(option.id, index);
    const labelKey = option.label.toLocaleLowerCase();
    if (seenLabels.has(labelKey)) problems.push({ field: `${prefix}[${index}].label`, message: `duplicate ${JSON.stringify(option.label)} (also ${prefix}[${seenLabels.get(labelKey)}].label; labels are compared without case)` });
    else seenLabels.set(labelKey, index);
  });
  return problems;
}

export function validatedOption(o: OptionInput): ChoiceOption {
  return { id: o.id, label: o.label, ...(o.description ? { description: o.description } : {}), recommended: o.recommended ?? false };
}

/**
 * Checks `questions` (1–4, each with its own options) and fills each question's defaults: single unless
 * `multi_select`; at least 1 pick (or free text alone, where allowed); at most 1 (single) or all (multi).
 */
export function validateQuestions(questions: QuestionInput[], submitRecommended: boolean): { questions: ChoiceQuestion[]; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const seenText = new Map<string, number>();
  const out = questions.map((q, i): ChoiceQuestion => {
    const at = `questions[${i}]`;
    problems.push(...duplicateOptionProblems(q.options, `${at}.options`));
    const textKey = q.question.toLocaleLowerCase();
    if (seenText.has(textKey)) problems.push({ field: `${at}.question`, message: `duplicate ${JSON.stringify(q.question)} (also questions[${seenText.get(textKey)}].question)` });
    else seenText.set(textKey, i);
    const multi = q.multi_select ?? false;
    const allowFreeText = q.allow_free_text ?? false;
    const recommended = q.options.filter((o) => o.recommended).length;
    if (!multi && recommended > 1) problems.push({ field: `${at}.options`, message: `${recommended} options are marked recommended; a question without multi_select allows at most one` });
    // Every question needs an answer: at least one option, or (where allowed) words of the person's own.
    const min = 1;
    if (submitRecommended && recommended < min) problems.push({ field: 'timeout_action', message: `is "submit_recommended" but no option of ${at} is marked recommended` });
    return {
      question: q.question,
      ...(q.header ? { header: q.header } : {}),
      options: q.options.map(validatedOption),
      selection_mode: multi ? 'multi' : 'single',
      min_selections: min,
      max_selections: multi ? q.options.length : 1,
      allow_free_text: allowFreeText,
    };
  });
  return { questions: out, problems };
}
