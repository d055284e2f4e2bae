import { normalizeReply } from '../../shared/choice/normalize-reply.js';
import { recommendedSelection, selectionProblem } from '../../shared/choice/selection-rule.js';
import type { ChoiceDraft } from '../../shared/choice/session-types.js';
import type { ChoiceRequest } from '../../shared/choice/validate-request.js';
import type { Key } from './keys.js';
import { editLine, newEditor, type LineEditor } from './line-editor.js';

/** Which text field is being edited. */
export type EditTarget = 'annotation' | 'global' | 'free_text' | 'cancel_note' | 'typed';

export interface UiMessage {
  /** i18n key in the terminal namespace. */
  key: string;
  params?: Record<string, string | number>;
  tone: 'error' | 'info';
}

/** Everything the person has done on the choice screen so far. */
export interface ChoiceUiState {
  cursor: number;
  selected: string[];
  annotations: Record<string, string>;
  globalNote: string;
  freeText: string;
  edit: { target: EditTarget; optionId?: string; editor: LineEditor } | null;
  message: UiMessage | null;
}

/** What a key asks the app to do besides changing the state. */
export type ChoiceEffect =
  | { type: 'submit' }
  | { type: 'cancel'; note: string }
  | { type: 'settings' }
  | { type: 'switch_web' }
  | { type: 'detach' };

export interface ChoiceUiContext {
  request: ChoiceRequest;
  submitMode: 'single-submit' | 'batch';
  annotationsEnabled: boolean;
}

export function initialState(request: ChoiceRequest, draft: ChoiceDraft | null): ChoiceUiState {
  const ids = new Set(request.options.map((o) => o.id));
  // Without a draft, multi mode starts with the recommended options selected (as the portal does); single mode
  // starts with the cursor on the recommended one, so Enter takes it and j/k + Enter takes another.
  const recommended = recommendedSelection(request);
  const preset = draft ? draft.selected_ids : request.selection_mode === 'multi' ? recommended : [];
  const selected = preset.filter((id) => ids.has(id));
  const first = selected[0] ? request.options.findIndex((o) => o.id === selected[0]) : request.options.findIndex((o) => o.recommended);
  return {
    cursor: Math.max(0, first),
    selected,
    annotations: { ...(draft?.annotations ?? {}) },
    globalNote: draft?.global_annotation ?? '',
    freeText: draft?.free_text ?? '',
    edit: null,
    message: null,
  };
}

export function draftOf(state: ChoiceUiState): ChoiceDraft {
  return { selected_ids: state.selected, annotations: state.annotations, global_annotation: state.globalNote, free_text: state.freeText };
}

/** Problems with submitting now, as a message; null when the answer is acceptable. */
export function submitProblem(state: ChoiceUiState, request: ChoiceRequest): UiMessage | null {
  const problem = selectionProblem(request, state.selected, state.freeText);
  if (!problem) return null;
  return { key: problem.kind === 'too_few' ? 'message.min' : 'message.max', params: { count: problem.bound }, tone: 'error' };
}

type Step = { state: ChoiceUiState; effect?: ChoiceEffect };

/** Selects (single) or toggles (multi) an option, honouring max_selections. */
function pick(state: ChoiceUiState, ctx: ChoiceUiContext, id: string): Step {
  const { request } = ctx;
  if (request.selection_mode === 'single') {
    const next = { ...state, selected: [id], message: null };
    return ctx.submitMode === 'single-submit' ? { state: next, effect: { type: 'submit' } } : { state: next };
  }
  if (state.selected.includes(id)) return { state: { ...state, selected: state.selected.filter((s) => s !== id), message: null } };
  if (state.selected.length >= request.max_selections) return { state: { ...state, message: { key: 'message.max', params: { count: request.max_selections }, tone: 'error' } } };
  return { state: { ...state, selected: [...state.selected, id], message: null } };
}

function trySubmit(state: ChoiceUiState, ctx: ChoiceUiContext): Step {
  let next = state;
  if (ctx.request.selection_mode === 'single' && state.selected.length === 0 && !(ctx.request.allow_free_text && state.freeText.trim())) {
    next = { ...state, selected: [ctx.request.options[state.cursor]!.id] };
  }
  const problem = submitProblem(next, ctx.request);
  if (problem) return { state: { ...state, message: problem } };
  return { state: { ...next, message: null }, effect: { type: 'submit' } };
}

function startEdit(state: ChoiceUiState, target: EditTarget, text: string, optionId?: string): Step {
  return { state: { ...state, edit: { target, editor: newEditor(text), ...(optionId ? { optionId } : {}) }, message: null } };
}

/** Applies the text of a finished edit. */
function commitEdit(state: ChoiceUiState, ctx: ChoiceUiContext): Step {
  const edit = state.edit!;
  const text = edit.editor.text;
  const base = { ...state, edit: null };
  switch (edit.target) {
    case 'annotation': {
      const annotations = { ...state.annotations };
      if (text.trim()) annotations[edit.optionId!] = text;
      else delete annotations[edit.optionId!];
      return { state: { ...base, annotations } };
    }
    case 'global':
      return { state: { ...base, globalNote: text } };
    case 'free_text':
      return { state: { ...base, freeText: text } };
    case 'cancel_note':
      return { state: base, effect: { type: 'cancel', note: text } };
    case 'typed': {
      const reply = normalizeReply(text, ctx.request);
      switch (reply.kind) {
        case 'empty':
          return { state: base };
        case 'cancel':
          return startEdit(base, 'cancel_note', reply.note);
        case 'free_text':
          return { state: { ...base, freeText: reply.text, message: { key: 'message.freeTextSet', tone: 'info' } } };
        case 'no_match':
          return { state: { ...state, message: { key: 'message.noMatch', params: { input: reply.input, count: ctx.request.options.length }, tone: 'error' } } };
        case 'options': {
          const cursor = ctx.request.options.findIndex((o) => o.id === reply.ids[0]);
          if (ctx.request.selection_mode === 'single') return pick({ ...base, cursor }, ctx, reply.ids[0]!);
          if (reply.ids.length > ctx.request.max_selections) return { state: { ...state, message: { key: 'message.max', params: { count: ctx.request.max_selections }, tone: 'error' } } };
          if (reply.ids.length === 1) return pick({ ...base, cursor }, ctx, reply.ids[0]!);
          return { state: { ...base, cursor, selected: reply.ids, message: null } };
        }
      }
    }
  }
}

function onEditKey(state: ChoiceUiState, key: Key, ctx: ChoiceUiContext): Step {
  const edit = state.edit!;
  if (key.name === 'enter' || (key.name === 'tab' && edit.target === 'annotation')) return commitEdit(state, ctx);
  if (key.name === 'escape') return { state: { ...state, edit: null, message: null } };
  if (key.name === 'ctrl' && key.char === 'c') return { state, effect: { type: 'detach' } };
  const editor = editLine(edit.editor, key);
  return editor ? { state: { ...state, edit: { ...edit, editor }, message: edit.target === 'typed' ? null : state.message } } : { state };
}

/** The choice screen's key handling: one key in, the next state (and maybe an effect) out. */
export function handleChoiceKey(state: ChoiceUiState, key: Key, ctx: ChoiceUiContext): Step {
  if (state.edit) return onEditKey(state, key, ctx);
  const { request } = ctx;
  const last = request.options.length - 1;
  const current = request.options[state.cursor]!;
  const char = key.name === 'char' ? key.char : null;
  if (key.name === 'up' || char === 'k') return { state: { ...state, cursor: Math.max(0, state.cursor - 1), message: null } };
  if (key.name === 'down' || char === 'j') return { state: { ...state, cursor: Math.min(last, state.cursor + 1), message: null } };
  if (key.name === 'home') return { state: { ...state, cursor: 0 } };
  if (key.name === 'end') return { state: { ...state, cursor: last } };
  if (key.name === 'space') return pick(state, ctx, current.id);
  if (key.name === 'enter') return trySubmit(state, ctx);
  if (key.name === 'tab') {
    if (!ctx.annotationsEnabled) return { state: { ...state, message: { key: 'message.annotationsOff', tone: 'info' } } };
    return startEdit(state, 'annotation', state.annotations[current.id] ?? '', current.id);
  }
  if (char === 'g' || char === 'n') {
    if (!ctx.annotationsEnabled) return { state: { ...state, message: { key: 'message.annotationsOff', tone: 'info' } } };
    return startEdit(state, 'global', state.globalNote);
  }
  if (char === 'f' && request.allow_free_text) return startEdit(state, 'free_text', state.freeText);
  if (char === '/' || char === ':') return startEdit(state, 'typed', '');
  if (char && /^[0-9]$/.test(char)) return startEdit(state, 'typed', char);
  if (char === 's') return { state, effect: { type: 'settings' } };
  if (char === 'w') return { state, effect: { type: 'switch_web' } };
  if (key.name === 'escape' || char === 'c' || char === 'q') return startEdit(state, 'cancel_note', state.globalNote);
  if (key.name === 'ctrl' && key.char === 'c') return { state, effect: { type: 'detach' } };
  return { state };
}
