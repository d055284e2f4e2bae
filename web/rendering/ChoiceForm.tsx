import { useState } from 'preact/hooks';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { t } from '../config/i18n.js';
import { useServices } from '../state/app-context.js';
import { useStore } from '../state/app-store.js';
import { AnswerActions } from './AnswerActions.js';
import { useAnswerSender } from './use-answer-sender.js';
import { OptionRow } from './OptionRow.js';
import { selectionProblem, toggleOption } from './selection.js';
import { useChoiceKeys } from './use-choice-keys.js';
import { useDraft } from './use-draft.js';

/** The answer form of a pending choice: options, notes, free text, Submit — and Cancel, always there. */
export function ChoiceForm({ session }: { session: ChoiceSessionView }) {
  const { store } = useServices();
  const settings = useStore(store, (s) => s.settings);
  const { draft, setDraft, discard } = useDraft(session);
  const [tried, setTried] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const { busy, error, send } = useAnswerSender(session, discard);
  const request = session.request;
  const multi = request.selection_mode === 'multi';
  const singleSubmit = !multi && settings.submit_mode === 'single-submit';
  const notes = settings.annotations_enabled;
  const hint = (key: string) => (settings.placeholders_enabled ? t(key) : undefined);

  const submit = (selected = draft.selected_ids) => {
    setTried(true);
    if (selectionProblem(request, selected, draft.free_text)) return;
    const annotations = Object.fromEntries(Object.entries(draft.annotations).filter(([, v]) => v.trim()));
    void send('submit', {
      selected_ids: selected,
      ...(notes ? { annotations, global_annotation: draft.global_annotation } : {}),
      ...(request.allow_free_text ? { free_text: draft.free_text } : {}),
    });
  };

  useChoiceKeys(
    request.options.length,
    (index) => {
      const option = request.options[index];
      setDraft((d) => ({ ...d, selected_ids: toggleOption(d.selected_ids, option.id, request.selection_mode) }));
      document.querySelector<HTMLInputElement>(`input[name=choice][value="${CSS.escape(option.id)}"]`)?.focus();
    },
    () => {
      if (!busy && !cancelling) submit();
    },
  );

  const problem = tried ? selectionProblem(request, draft.selected_ids, draft.free_text) : null;

  return (
    // method and action: the same form posts to the no-script route when the bundle has not yet run (the hub sends
    // this page's first HTML rendered, web/ssr/); the bundle's onSubmit sends it itself.
    <form
      class="answer"
      data-testid="answer-form"
      method="post"
      action={`/choice/${encodeURIComponent(session.id)}/answer`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <input type="hidden" name="from" value="page" />
      <fieldset class="options" disabled={busy}>
        <legend class="muted">{!multi ? t('choice.hintSingle') : request.min_selections === request.max_selections ? t('choice.hintExact', { count: request.max_selections }) : t('choice.hintMulti', { min: request.min_selections, max: request.max_selections })}</legend>
        {request.options.map((option, index) => (
          <OptionRow
            key={option.id}
            option={option}
            position={index + 1}
            multi={multi}
            checked={draft.selected_ids.includes(option.id)}
            note={notes ? (draft.annotations[option.id] ?? '') : null}
            notePlaceholder={hint('choice.optionNotePlaceholder')}
            onToggle={(byPointer) => {
              const selected = toggleOption(draft.selected_ids, option.id, request.selection_mode);
              setDraft((d) => ({ ...d, selected_ids: selected }));
              // Single-submit answers on a click; arrow keys only move the choice (Enter then submits).
              if (singleSubmit && byPointer) submit(selected);
            }}
            onNote={(text) => setDraft((d) => ({ ...d, annotations: { ...d.annotations, [option.id]: text } }))}
          />
        ))}
      </fieldset>
      {request.allow_free_text && (
        <label class="field">
          <span>{t('choice.freeText')}</span>
          <textarea name="free_text" rows={2} value={draft.free_text} placeholder={hint('choice.freeTextPlaceholder')} onInput={(e) => setDraft((d) => ({ ...d, free_text: e.currentTarget.value }))} data-testid="free-text" />
        </label>
      )}
      {notes && (
        <label class="field">
          <span>{t('choice.globalNote')}</span>
          <textarea name="global_annotation" rows={2} value={draft.global_annotation} placeholder={hint('choice.globalNotePlaceholder')} onInput={(e) => setDraft((d) => ({ ...d, global_annotation: e.currentTarget.value }))} data-testid="global-note" />
        </label>
      )}
      {problem && (
        <p class="error" role="alert" data-testid="selection-error">
          {t(problem.key, { count: problem.count, selected: draft.selected_ids.length })}
        </p>
      )}
      <AnswerActions busy={busy} cancelling={cancelling} setCancelling={setCancelling} error={error} initialNote={notes ? draft.global_annotation : ''} onCancel={(note) => void send('cancel', { global_annotation: note })} />
    </form>
  );
}
