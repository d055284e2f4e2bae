import { keysToSelect, mapSelection, type Key } from '../pty/index.js';
import { ResolveError, type ResolveAnswer, type ResolveSelection } from './resolve-types.js';

/** How an answer is applied: arrow keys + Enter for an option, or text typed verbatim (then Enter if needed). */
export type AppliedAnswer = { keys: Key[] } | { text: string };

/** Maps an agent's answer onto the prompt mechanically (first option containing the string); never guesses. */
export function applyAnswer(selection: ResolveSelection, answer: ResolveAnswer): AppliedAnswer {
  if (selection.answer_with === 'option') {
    if (typeof answer.selected_option !== 'string' || !answer.selected_option) {
      throw new ResolveError(400, 'invalid_request', 'selected_option: this prompt is answered by choosing one of its options — send a string that one option contains');
    }
    const target = mapSelection(selection.options, answer.selected_option);
    if (target < 0) {
      throw new ResolveError(400, 'no_matching_option', `selected_option: no option contains ${JSON.stringify(answer.selected_option)} (options: ${selection.options.map((o) => JSON.stringify(o)).join(', ')})`);
    }
    return { keys: keysToSelect(selection.cursor_index, target) };
  }
  const text = typeof answer.text === 'string' ? answer.text : selection.options.length === 0 ? answer.selected_option : undefined;
  if (typeof text !== 'string') {
    throw new ResolveError(400, 'invalid_request', 'text: this prompt is answered by typing — send `text` (typed verbatim, then Enter)');
  }
  return { text };
}
