import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ChoiceDraft, ChoiceSessionView } from '../../shared/choice/session-types.js';
import { takeAdoptedDraft } from '../ssr/take-over.js';
import { initialSelection } from './selection.js';

const SAVE_AFTER_MS = 300;

function startingDraft(session: ChoiceSessionView): ChoiceDraft {
  const questions = session.request.questions;
  // A gate with several questions keeps one entry per question (recommended options preselected in each).
  const answers = questions && (session.draft?.answers?.length === questions.length ? session.draft.answers : questions.map((q) => ({ selected_ids: initialSelection(q), free_text: '' })));
  const draft = session.draft
    ? { ...session.draft, annotations: { ...session.draft.annotations } }
    : { selected_ids: initialSelection(session.request), annotations: {}, global_annotation: '', free_text: '' };
  return answers ? { ...draft, answers: answers.map((a) => ({ ...a })) } : draft;
}

function saveDraft(sessionId: string, draft: ChoiceDraft, keepalive = false): Promise<Response> {
  return fetch(`/api/sessions/${encodeURIComponent(sessionId)}/draft`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(draft),
    credentials: 'same-origin',
    keepalive,
  });
}

/**
 * What the person has picked and typed, kept by the hub (PUT /draft) so it survives a reload and an
 * interface switch. Starts from the stored draft or the recommended options; picks the hub's draft up
 * again when the session comes back from another interface.
 */
export function useDraft(session: ChoiceSessionView) {
  const [draft, setDraftState] = useState<ChoiceDraft>(() => startingDraft(session));
  const pending = useRef<ChoiceDraft | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const lastInterface = useRef(session.interface);

  useEffect(() => {
    if (lastInterface.current !== session.interface && session.interface === 'web') setDraftState(startingDraft(session));
    lastInterface.current = session.interface;
  }, [session.interface]);

  const flush = (keepalive = false) => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (next) void saveDraft(session.id, next, keepalive).catch(() => undefined);
  };

  useEffect(() => {
    const onHide = () => flush(true);
    addEventListener('pagehide', onHide);
    return () => removeEventListener('pagehide', onHide);
  }, []);

  const setDraft = (update: (d: ChoiceDraft) => ChoiceDraft) => {
    setDraftState((current) => {
      const next = update(current);
      pending.current = next;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => flush(), SAVE_AFTER_MS);
      return next;
    });
  };

  // What the person did in the hub's rendered form before the bundle ran (web/ssr/take-over.ts): adopted before the
  // next paint, and saved as a draft like any change made here.
  useLayoutEffect(() => {
    const taken = takeAdoptedDraft(session.id);
    if (taken) setDraft(() => taken);
  }, []);

  /** Stop saving (the session is being answered). */
  const discard = () => {
    clearTimeout(timer.current);
    pending.current = null;
  };
  return { draft, setDraft, discard };
}
