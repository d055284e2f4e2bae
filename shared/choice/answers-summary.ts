import type { ChoiceResult } from './session-types.js';
import type { ChoiceQuestion } from './validate-request.js';

/**
 * A multi-question answer on one line: "Database: SQLite · Extras: Queue, Auth · Name: order-hub" — each
 * question by its header (else its number), its picks, or its own words when nothing was picked.
 */
export function answersSummary(questions: readonly ChoiceQuestion[], answers: NonNullable<ChoiceResult['answers']>, nothing: string): string {
  return answers
    .map((a) => {
      const picked = a.selected.map((s) => s.label).join(', ');
      const own = a.free_text ?? '';
      return `${questions[a.question_index]?.header ?? a.question_index + 1}: ${[picked, own].filter(Boolean).join(' + ') || nothing}`;
    })
    .join(' · ');
}
