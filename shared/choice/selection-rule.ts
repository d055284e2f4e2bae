import type { ChoiceRequest } from './validate-request.js';

type Bounds = Pick<ChoiceRequest, 'min_selections' | 'max_selections' | 'allow_free_text'>;

/** Why a selection cannot be submitted: fewer than `min_selections` or more than `max_selections` (= `bound`). */
export interface SelectionProblem {
  kind: 'too_few' | 'too_many';
  bound: number;
}

/**
 * The one min/max rule, used by the hub (answer validation), the portal and the terminal UI: an answer picks
 * between min_selections and max_selections distinct options — or, when free text is allowed, may consist of
 * non-blank free text alone.
 */
export function selectionProblem(request: Bounds, selectedIds: readonly string[], freeText: string | undefined): SelectionProblem | null {
  const count = new Set(selectedIds).size;
  if (count === 0 && request.allow_free_text && (freeText ?? '').trim() !== '') return null;
  if (count < request.min_selections) return { kind: 'too_few', bound: request.min_selections };
  if (count > request.max_selections) return { kind: 'too_many', bound: request.max_selections };
  return null;
}

/** What a fresh answer starts with in multi mode: the recommended options, at most max_selections of them. */
export function recommendedSelection(request: Pick<ChoiceRequest, 'options' | 'max_selections'>): string[] {
  return request.options.filter((o) => o.recommended).slice(0, request.max_selections).map((o) => o.id);
}
