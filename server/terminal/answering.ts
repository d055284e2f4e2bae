import type { ChoiceDraft } from '../../shared/choice/session-types.js';
import { isMultiQuestion, type ChoiceRequest } from '../../shared/choice/validate-request.js';
import { draftOf, handleChoiceKey, initialState, type ChoiceEffect, type ChoiceUiContext, type ChoiceUiState, type UiMessage } from './choice-state.js';
import type { Key } from './keys.js';
import { questionsAnswering } from './questions-state.js';

/** Where the person is among several questions (for the header's question row). */
export interface QuestionPosition {
  current: number;
  /** Per question: its chip (header, else its number) and whether its answer is complete. */
  tabs: Array<{ label: string; answered: boolean }>;
}

/** What the choice screen shows now: the (current question's) request and state. */
export interface AnsweringView {
  request: ChoiceRequest;
  state: ChoiceUiState;
  questions?: QuestionPosition;
}

/** The answer being built on the choice screen: one question, or several (one at a time, Tab/←→ between them). */
export interface Answering {
  view(): AnsweringView;
  /** Applies one key; `changed`: the draft changed (save it), `moved`: the cursor or question moved (follow it). */
  key(key: Key, ctx: Omit<ChoiceUiContext, 'request'>): { effect?: ChoiceEffect; changed: boolean; moved: boolean };
  setMessage(message: UiMessage): void;
  draft(): ChoiceDraft;
  /** The submit body (less `interface`). */
  submitBody(annotationsEnabled: boolean): Record<string, unknown>;
}

/** The answer of a one-question gate: the choice screen's state machine as it always was. */
function singleAnswering(request: ChoiceRequest, draft: ChoiceDraft | null): Answering {
  let state = initialState(request, draft);
  return {
    view: () => ({ request, state }),
    key(key, ctx) {
      const before = state;
      const step = handleChoiceKey(state, key, { ...ctx, request });
      state = step.state;
      const changed = before.selected !== state.selected || before.annotations !== state.annotations || before.globalNote !== state.globalNote || before.freeText !== state.freeText;
      return { effect: step.effect, changed, moved: before.cursor !== state.cursor };
    },
    setMessage: (message) => (state = { ...state, message }),
    draft: () => draftOf(state),
    submitBody: (annotationsEnabled) => ({
      selected_ids: state.selected,
      annotations: annotationsEnabled ? state.annotations : {},
      global_annotation: annotationsEnabled ? state.globalNote : '',
      free_text: request.allow_free_text ? state.freeText : '',
    }),
  };
}

export function answeringFor(request: ChoiceRequest, draft: ChoiceDraft | null): Answering {
  return isMultiQuestion(request) ? questionsAnswering(request, request.questions, draft) : singleAnswering(request, draft);
}
