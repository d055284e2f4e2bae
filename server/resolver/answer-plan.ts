import { mapSelection } from '../pty/index.js';
import { ResolveError, type ResolveAnswer, type ResolveSelection } from './resolve-types.js';

/**
 * How an answer is applied, decided before anything is pressed: the option to pick (by its text, so it maps
 * onto the menu as it is drawn when applied), the options to mark, or text typed verbatim.
 */
export type AnswerPlan = { pick: string } | { mark: string[] } | { text: string };

const list = (options: string[]) => options.map((o) => JSON.stringify(o)).join(', ');

function optionFor(selection: ResolveSelection, wanted: string, field: string): string {
  const target = mapSelection(selection.options, wanted);
  if (target < 0) throw new ResolveError(400, 'no_matching_option', `${field}: no option contains ${JSON.stringify(wanted)} (options: ${list(selection.options)})`);
  return selection.options[target];
}

/**
 * Maps an agent's answer onto the selection mechanically (the seed's rule: first option containing the string);
 * never guesses. `text` is always typed verbatim (the agent decides); on a numbered list answered by typing,
 * `selected_option` types that option's number.
 */
export function planAnswer(selection: ResolveSelection, answer: ResolveAnswer): AnswerPlan {
  if (typeof answer.text === 'string') return { text: answer.text };
  if (answer.selected_options !== undefined) {
    // A list with one filled round mark may be radio buttons or checkboxes: marking is checked key by key.
    if (!selection.multi_select && !selection.marked?.length) throw new ResolveError(400, 'invalid_request', 'selected_options: this prompt takes one answer — send selected_option (or text)');
    if (!Array.isArray(answer.selected_options) || !answer.selected_options.every((s) => typeof s === 'string' && s)) {
      throw new ResolveError(400, 'invalid_request', 'selected_options: must be a list of non-empty strings, each contained in one option (an empty list marks nothing)');
    }
    return { mark: [...new Set(answer.selected_options.map((s, i) => optionFor(selection, s, `selected_options[${i}]`)))] };
  }
  if (typeof answer.selected_option !== 'string' || !answer.selected_option) {
    const how = selection.multi_select ? 'selected_options (the options to mark)' : selection.answer_with === 'option' ? 'selected_option (a string one option contains)' : 'text (typed verbatim, then Enter)';
    throw new ResolveError(400, 'invalid_request', `selected_option: missing — this prompt is answered with ${how}`);
  }
  if (selection.multi_select) return { mark: [optionFor(selection, answer.selected_option, 'selected_option')] };
  if (selection.answer_with === 'option') return { pick: optionFor(selection, answer.selected_option, 'selected_option') };
  if (!selection.options.length) return { text: answer.selected_option };
  const option = optionFor(selection, answer.selected_option, 'selected_option');
  const label = selection.labels?.[selection.options.indexOf(option)];
  if (!label) throw new ResolveError(400, 'invalid_request', 'selected_option: this list is answered by typing and its rows carry no number — send text');
  return { text: label };
}
