import type { ChoiceRequest } from '../../shared/choice/validate-request.js';

/** A message key of the `portal` namespace with its parameters. */
export interface Problem {
  key: 'selection.tooFew' | 'selection.tooMany' | 'selection.noFreeText';
  count: number;
}

/** Clicking an option: single mode replaces the selection, multi mode toggles it. */
export function toggleOption(selected: readonly string[], id: string, mode: ChoiceRequest['selection_mode']): string[] {
  if (mode === 'single') return [id];
  return selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];
}

/** The same bounds the hub enforces (free text alone answers when free text is allowed). */
export function selectionProblem(request: ChoiceRequest, selected: readonly string[], freeText: string): Problem | null {
  const count = new Set(selected).size;
  if (count === 0 && freeText.trim() !== '' && request.allow_free_text) return null;
  if (count < request.min_selections) return { key: 'selection.tooFew', count: request.min_selections };
  if (count > request.max_selections) return { key: 'selection.tooMany', count: request.max_selections };
  return null;
}

/** Options preselected on a fresh page: the recommended ones, within max_selections. */
export function initialSelection(request: ChoiceRequest): string[] {
  return request.options.filter((o) => o.recommended).slice(0, request.max_selections).map((o) => o.id);
}
