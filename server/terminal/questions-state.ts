import { recommendedSelection, selectionProblem } from '../../shared/choice/selection-rule.js';
import type { ChoiceDraft } from '../../shared/choice/session-types.js';
import type { ChoiceQuestion, ChoiceRequest } from '../../shared/choice/validate-request.js';
import type { Answering } from './answering.js';
import { handleChoiceKey, initialState, submitProblem, type ChoiceUiState } from './choice-state.js';

type QuestionDraft = { selected_ids: string[]; free_text: string };

/**
 * Question `index` as a one-question request, so the one-question screen and keys serve it: its options and
 * rules, the gate's title, and as prompt the gate's prompt (context) followed by the question.
 */
export function questionRequest(request: ChoiceRequest, question: ChoiceQuestion, index: number, count: number): ChoiceRequest {
  const heading = `${index + 1}/${count}${question.header ? ` · ${question.header}` : ''}`;
  const prompt = [request.prompt.trim(), `**${heading}** — ${question.question}`].filter(Boolean).join('\n\n');
  return { ...request, ...question, prompt, questions: undefined };
}

/**
 * Several questions on the terminal screen, one at a time: Tab / → go to the next question, Shift+Tab / ← to the
 * previous; Enter takes the current question's answer and goes to the next one still open — or, when every
 * question is answered, submits them all as one answer. Notes: one for the whole answer (g); no per-option notes.
 */
export function questionsAnswering(request: ChoiceRequest, questions: ChoiceQuestion[], draft: ChoiceDraft | null): Answering {
  const requests = questions.map((q, i) => questionRequest(request, q, i, questions.length));
  // Without a draft, multi-select questions start with their recommended options (as the portal does); a
  // one-answer question starts with nothing picked and the cursor on its recommended option.
  const answers: QuestionDraft[] = questions.map((q, i) => {
    const saved = draft?.answers?.[i];
    if (saved) return { selected_ids: [...saved.selected_ids], free_text: saved.free_text };
    return { selected_ids: q.selection_mode === 'multi' ? recommendedSelection(q) : [], free_text: '' };
  });
  let globalNote = draft?.global_annotation ?? '';
  let current = 0;
  const stateFor = (i: number): ChoiceUiState => initialState(requests[i]!, { selected_ids: answers[i]!.selected_ids, annotations: {}, global_annotation: globalNote, free_text: answers[i]!.free_text });
  let state = stateFor(0);
  const keep = () => {
    answers[current] = { selected_ids: state.selected, free_text: state.freeText };
    globalNote = state.globalNote;
  };
  const go = (i: number, message: ChoiceUiState['message'] = null) => {
    keep();
    current = i;
    state = { ...stateFor(i), globalNote, message };
  };
  const open = (i: number) => selectionProblem(questions[i]!, answers[i]!.selected_ids, answers[i]!.free_text) !== null;
  const complete = (i: number) => (i === current ? submitProblem(state, requests[i]!) === null : !open(i));

  return {
    view: () => ({
      request: requests[current]!,
      state,
      questions: { current, tabs: questions.map((q, i) => ({ label: q.header ?? String(i + 1), answered: complete(i) })) },
    }),
    key(key, ctx) {
      const before = { state, current };
      if (!state.edit && (key.name === 'tab' || key.name === 'right' || key.name === 'backtab' || key.name === 'left')) {
        const next = current + (key.name === 'tab' || key.name === 'right' ? 1 : -1);
        if (next >= 0 && next < questions.length) go(next);
        return { changed: false, moved: current !== before.current };
      }
      // Picking never submits here (a gate with several questions has one Submit): Space selects, Enter goes on.
      const step = handleChoiceKey(state, key, { ...ctx, request: requests[current]!, submitMode: 'batch' });
      state = step.state;
      const changed = before.state.selected !== state.selected || before.state.globalNote !== state.globalNote || before.state.freeText !== state.freeText;
      if (changed) keep();
      if (step.effect?.type !== 'submit') return { effect: step.effect, changed, moved: before.state.cursor !== state.cursor };
      keep();
      const later = [...questions.keys()].filter((i) => i > current).concat([...questions.keys()].filter((i) => i < current));
      const next = later.find(open);
      if (next === undefined) return { effect: { type: 'submit' }, changed: true, moved: false };
      go(next);
      return { changed: true, moved: true };
    },
    setMessage: (message) => (state = { ...state, message }),
    draft: () => {
      keep();
      return { selected_ids: [], annotations: {}, global_annotation: globalNote, free_text: '', answers: answers.map((a) => ({ ...a })) };
    },
    submitBody: (annotationsEnabled) => {
      keep();
      return {
        answers: answers.map((a, question_index) => ({ question_index, selected_ids: a.selected_ids, ...(questions[question_index]!.allow_free_text ? { free_text: a.free_text } : {}) })),
        ...(annotationsEnabled ? { global_annotation: globalNote } : {}),
      };
    },
  };
}
