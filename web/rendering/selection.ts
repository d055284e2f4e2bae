import type { ChoiceRequest, QuestionRules } from '../../shared/choice/validate-request.js';
import { recommendedSelection, selectionProblem as sharedSelectionProblem } from '../../shared/choice/selection-rule.js';

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

/** The hub's own rule (shared/choice/selection-rule.ts), as a message key of the portal. */
export function selectionProblem(request: Pick<QuestionRules, 'min_selections' | 'max_selections' | 'allow_free_text'>, selected: readonly string[], freeText: string): Problem | null {
  const problem = sharedSelectionProblem(request, selected, freeText);
  if (!problem) return null;
  return { key: problem.kind === 'too_few' ? 'selection.tooFew' : 'selection.tooMany', count: problem.bound };
}

/** Options preselected on a fresh page: the recommended ones, within max_selections. */
export const initialSelection = recommendedSelection;
