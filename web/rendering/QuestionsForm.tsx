import { useState } from 'preact/hooks';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import type { ChoiceQuestion } from '../../shared/choice/validate-request.js';
import { t } from '../config/i18n.js';
import { useServices } from '../state/app-context.js';
import { useStore } from '../state/app-store.js';
import { AnswerActions } from './AnswerActions.js';
import { QuestionFieldset } from './QuestionFieldset.js';
import { selectionProblem, toggleOption } from './selection.js';
import { useAnswerSender } from './use-answer-sender.js';
import { useChoiceKeys } from './use-choice-keys.js';
import { useDraft } from './use-draft.js';
import { useQuestionArrows } from './use-question-arrows.js';

/** Focuses question `index`: its checked option, else its first. */
function focusQuestion(index: number): void {
  const group = document.querySelector(`[data-question="${index}"]`);
  (group?.querySelector<HTMLInputElement>('input[type=radio]:checked, input[type=checkbox]:checked') ?? group?.querySelector<HTMLInputElement>('input'))?.focus();
}

/**
 * The answer form of a gate with several questions: all questions on one page, each with its header chip, one
 * Submit. Keys: 1–9 pick in the focused question (a pick in a one-answer question moves on to the next), Tab or
 * ←/→ move between questions, Ctrl+Enter submits.
 */
export function QuestionsForm({ session, questions }: { session: ChoiceSessionView; questions: ChoiceQuestion[] }) {
  const { store } = useServices();
  const settings = useStore(store, (s) => s.settings);
  const { draft, setDraft, discard } = useDraft(session);
  const [tried, setTried] = useState(false);
  const [active, setActive] = useState(0);
  const [cancelling, setCancelling] = useState(false);
  const { busy, error, send } = useAnswerSender(session, discard);
  const answers = draft.answers ?? questions.map(() => ({ selected_ids: [], free_text: '' }));
  const problems = questions.map((q, i) => selectionProblem(q, answers[i]!.selected_ids, answers[i]!.free_text));
  const setAnswer = (index: number, answer: { selected_ids: string[]; free_text: string }) =>
    setDraft((d) => ({ ...d, answers: (d.answers ?? answers).map((a, i) => (i === index ? answer : a)) }));

  const submit = () => {
    setTried(true);
    const first = problems.findIndex(Boolean);
    if (first >= 0) return focusQuestion(first);
    void send('submit', {
      answers: questions.map((q, i) => ({ question_index: i, selected_ids: answers[i]!.selected_ids, ...(q.allow_free_text ? { free_text: answers[i]!.free_text } : {}) })),
      ...(settings.annotations_enabled ? { global_annotation: draft.global_annotation } : {}),
    });
  };

  useChoiceKeys(
    Math.max(...questions.map((q) => q.options.length)),
    (position) => {
      const question = questions[active]!;
      const option = question.options[position];
      if (!option) return;
      setAnswer(active, { ...answers[active]!, selected_ids: toggleOption(answers[active]!.selected_ids, option.id, question.selection_mode) });
      const next = question.selection_mode === 'single' && active + 1 < questions.length ? active + 1 : active;
      if (next !== active) setTimeout(() => focusQuestion(next));
      else document.querySelector<HTMLInputElement>(`input[name=q${active}][value="${CSS.escape(option.id)}"]`)?.focus();
    },
    () => {
      if (!busy && !cancelling) submit();
    },
  );
  useQuestionArrows(questions.length, focusQuestion);

  return (
    <form
      class="answer questions"
      data-testid="answer-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <p class="muted small">{t('questions.keys')}</p>
      <div class="question-list" aria-disabled={busy}>
        {questions.map((question, index) => (
          <QuestionFieldset
            key={index}
            question={question}
            index={index}
            count={questions.length}
            active={active === index}
            answer={answers[index]!}
            problem={tried ? problems[index]! : null}
            freeTextPlaceholder={settings.placeholders_enabled ? t('choice.freeTextPlaceholder') : undefined}
            onAnswer={(answer) => setAnswer(index, answer)}
            onFocus={() => setActive(index)}
          />
        ))}
      </div>
      {settings.annotations_enabled && (
        <label class="field">
          <span>{t('choice.globalNote')}</span>
          <textarea rows={2} value={draft.global_annotation} placeholder={settings.placeholders_enabled ? t('choice.globalNotePlaceholder') : undefined} onInput={(e) => setDraft((d) => ({ ...d, global_annotation: e.currentTarget.value }))} data-testid="global-note" />
        </label>
      )}
      <AnswerActions busy={busy} cancelling={cancelling} setCancelling={setCancelling} error={error} initialNote={settings.annotations_enabled ? draft.global_annotation : ''} onCancel={(note) => void send('cancel', { global_annotation: note })} />
    </form>
  );
}
