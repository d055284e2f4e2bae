import { normalizeReply } from './normalize-reply.js';
import { selectionProblem } from './selection-rule.js';
import type { QuestionRules } from './validate-request.js';

/** What a typed reply to a multi-question gate means: one answer per question, a cancel, or why it does not fit. */
export type NormalizedQuestionReplies =
  | { kind: 'answers'; answers: Array<{ question_index: number; selected_ids: string[]; free_text?: string }> }
  | { kind: 'cancel'; note: string }
  | { kind: 'empty' }
  | { kind: 'wrong_count'; expected: number; got: number }
  | { kind: 'no_match'; question_index: number; input: string }
  | { kind: 'too_few' | 'too_many'; question_index: number; bound: number };

/**
 * A reply to several questions: one line per question, in question order (a single line may separate them with
 * `;`), each read by the one-question rule (number, label, a list where several may be picked, free text where
 * allowed); a leading `Q2:` on a line is allowed. `cancel` (alone) cancels the whole gate.
 */
export function normalizeQuestionReplies(raw: string, questions: readonly QuestionRules[]): NormalizedQuestionReplies {
  const input = raw.trim();
  if (!input) return { kind: 'empty' };
  const whole = normalizeReply(input, { options: [], selection_mode: 'single', allow_free_text: false });
  if (whole.kind === 'cancel') return whole;
  let parts = input.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (parts.length === 1 && questions.length > 1) parts = input.split(';').map((p) => p.trim()).filter(Boolean);
  parts = parts.map((p) => p.replace(/^q\d+\s*[:：.)]\s*/i, ''));
  if (parts.length !== questions.length) return { kind: 'wrong_count', expected: questions.length, got: parts.length };
  const answers: Array<{ question_index: number; selected_ids: string[]; free_text?: string }> = [];
  for (const [question_index, question] of questions.entries()) {
    const part = parts[question_index]!;
    const reply = normalizeReply(part, question);
    if (reply.kind === 'free_text') answers.push({ question_index, selected_ids: [], free_text: reply.text });
    else if (reply.kind === 'options') {
      const problem = selectionProblem(question, reply.ids, undefined);
      if (problem) return { kind: problem.kind, question_index, bound: problem.bound };
      answers.push({ question_index, selected_ids: reply.ids });
    } else return { kind: 'no_match', question_index, input: part };
  }
  return { kind: 'answers', answers };
}
