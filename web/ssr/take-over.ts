import type { ChoiceDraft, ChoiceSessionView } from '../../shared/choice/session-types.js';

const adopted = new Map<string, ChoiceDraft>();

/**
 * Before the bundle takes over the hub's rendered choice page (main.tsx hydrates it): what the person picked or typed
 * in its form meanwhile is kept as a draft for the bundle's form (use-draft.ts adopts it at once, before the next
 * paint), and the form is put back as the hub rendered it — hydration matches DOM to components by the first render
 * and leaves the boxes' state and the classes as it finds them, so the bundle's first render must find exactly that.
 * Focus stays where it is. Nothing happens for a page without a single-question form or a form left untouched.
 */
export function takeOverForm(root: HTMLElement, session: ChoiceSessionView): void {
  const form = root.querySelector<HTMLFormElement>('form[data-testid="answer-form"]');
  if (!form || session.request.questions) return;
  const touched = [...form.elements].some((el) =>
    el instanceof HTMLInputElement
      ? el.type === 'radio' || el.type === 'checkbox'
        ? el.checked !== el.defaultChecked
        : el.value !== el.defaultValue
      : el instanceof HTMLTextAreaElement && el.value !== el.defaultValue,
  );
  if (!touched) return;
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  const annotations: Record<string, string> = {};
  for (const option of session.request.options) if (text(`note_${option.id}`)) annotations[option.id] = text(`note_${option.id}`);
  adopted.set(session.id, { selected_ids: data.getAll('choice').map(String), annotations, global_annotation: text('global_annotation'), free_text: text('free_text') });
  form.reset();
}

/** The draft taken over from the hub's rendered form for this session, once (see takeOverForm). */
export function takeAdoptedDraft(sessionId: string): ChoiceDraft | undefined {
  const draft = adopted.get(sessionId);
  adopted.delete(sessionId);
  return draft;
}
