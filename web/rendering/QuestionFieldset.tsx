import type { ChoiceQuestion } from '../../shared/choice/validate-request.js';
import { t } from '../config/i18n.js';
import { OptionRow } from './OptionRow.js';
import type { Problem } from './selection.js';
import { toggleOption } from './selection.js';

interface Props {
  question: ChoiceQuestion;
  index: number;
  count: number;
  active: boolean;
  answer: { selected_ids: string[]; free_text: string };
  problem: Problem | null;
  freeTextPlaceholder?: string;
  onAnswer(update: { selected_ids: string[]; free_text: string }): void;
  onFocus(): void;
}

/** The hint under a question: how many options it takes. */
export function selectionHint(q: Pick<ChoiceQuestion, 'selection_mode' | 'min_selections' | 'max_selections'>): string {
  if (q.selection_mode === 'single') return t('choice.hintSingle');
  return q.min_selections === q.max_selections ? t('choice.hintExact', { count: q.max_selections }) : t('choice.hintMulti', { min: q.min_selections, max: q.max_selections });
}

/** One question of several: its header chip, its text, its options (radio or checkbox group `q<n>`), free text if allowed. */
export function QuestionFieldset({ question, index, count, active, answer, problem, freeTextPlaceholder, onAnswer, onFocus }: Props) {
  const multi = question.selection_mode === 'multi';
  const group = `q${index}`;
  return (
    <fieldset class={`options question${active ? ' question-active' : ''}`} data-question={index} data-testid={`question-${index}`} onFocusIn={onFocus} onPointerDown={onFocus}>
      <legend class="question-head">
        <span class="question-number muted">{t('questions.position', { n: index + 1, count })}</span>
        {question.header && <span class="chip question-chip" data-testid={`question-chip-${index}`}>{question.header}</span>}
        <span class="question-text">{question.question}</span>
        <span class="muted small question-hint">{selectionHint(question)}</span>
      </legend>
      {question.options.map((option, position) => (
        <OptionRow
          key={option.id}
          group={group}
          option={option}
          position={position + 1}
          multi={multi}
          checked={answer.selected_ids.includes(option.id)}
          note={null}
          onToggle={() => onAnswer({ ...answer, selected_ids: toggleOption(answer.selected_ids, option.id, question.selection_mode) })}
          onNote={() => undefined}
        />
      ))}
      {question.allow_free_text && (
        <label class="field">
          <span>{t('choice.freeText')}</span>
          <textarea rows={1} value={answer.free_text} placeholder={freeTextPlaceholder} onInput={(e) => onAnswer({ ...answer, free_text: e.currentTarget.value })} data-testid={`free-text-${index}`} />
        </label>
      )}
      {problem && (
        <p class="error" role="alert" data-testid={`question-error-${index}`}>
          {t(problem.key, { count: problem.count, selected: answer.selected_ids.length })}
        </p>
      )}
    </fieldset>
  );
}
