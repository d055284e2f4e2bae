import type { ChoiceResult } from '../../shared/choice/session-types.js';
import type { ChoiceQuestion } from '../../shared/choice/validate-request.js';
import { t } from '../config/i18n.js';

/** A finished gate with several questions, read-only: each question (chip, text) with what was picked and typed. */
export function FinalAnswers({ questions, result }: { questions: ChoiceQuestion[]; result: ChoiceResult | null }) {
  return (
    <ol class="final-answers" aria-label={t('final.questions')} data-testid="final-answers">
      {questions.map((q, i) => {
        const answer = result?.answers?.find((a) => a.question_index === i);
        const picked = answer?.selected.map((s) => s.label) ?? [];
        return (
          <li key={i} class="final-answer" data-question={i}>
            <div class="question-head">
              {q.header && <span class="chip question-chip">{q.header}</span>}
              <span class="question-text">{q.question}</span>
            </div>
            <div data-testid={`final-answer-${i}`}>
              {picked.length ? picked.join(', ') : answer?.free_text ? '' : t('final.nothing')}
              {answer?.free_text && <span class="pre">{picked.length ? ` — ${answer.free_text}` : answer.free_text}</span>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
