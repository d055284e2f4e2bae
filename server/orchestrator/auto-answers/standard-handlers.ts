import type { KeyName } from '../../pty/index.js';
import type { HandlerSpec } from '../../agents/handler-spec.js';
import type { HandlerContext, AnswerAction, AnswerHandler } from './answer-types.js';

/**
 * The standard handler library. Each is a pure function (context → action | null); the factories
 * take the data a handler spec carries.
 */

/** Always answers with a carriage return (spec: "pressEnter returns a carriage return character"). */
export const pressEnter: AnswerHandler = () => ({ type: 'keys', keys: '\r', label: 'Enter' });

/** Test `pattern` against the prompt line, then the visible screen. */
export function matches(pattern: RegExp | undefined, context: HandlerContext): boolean {
  if (!pattern) return true;
  return pattern.test(context.prompt) || pattern.test(context.screen);
}

/** Press Enter only when the prompt (or screen) matches. */
export function pressEnterWhen(pattern: RegExp): AnswerHandler {
  return (context) => (matches(pattern, context) ? pressEnter(context) : null);
}

/** Answer a prompt that matches `pattern` with `text` (then Enter unless submit is false). */
export function answerPrompt(pattern: RegExp, text: string, submit = true): AnswerHandler {
  return (context) => (matches(pattern, context) ? { type: 'text', text, submit, label: `answer "${text}"` } : null);
}

/**
 * Pick the first parsed menu option whose text contains `substring` (case-insensitive). Uses the
 * options of the generic menu parser; returns null when the screen shows no such option.
 */
export function chooseOption(substring: string, pattern?: RegExp): AnswerHandler {
  const needle = substring.toLowerCase();
  return (context) => {
    if (!matches(pattern, context)) return null;
    const option = context.options.find((o) => o.text.toLowerCase().includes(needle));
    return option ? { type: 'choose', index: option.index, label: `choose "${option.text}"` } : null;
  };
}

/** Send named keys when the prompt (or screen) matches. */
export function sendKeys(pattern: RegExp, keys: KeyName[]): AnswerHandler {
  return (context) => (matches(pattern, context) ? { type: 'named-keys', keys, label: keys.join(' ') } : null);
}

/** Compile a handler written as data into its function. */
export function compileHandler(spec: HandlerSpec): AnswerHandler {
  const pattern = spec.when === undefined ? undefined : new RegExp(spec.when, 'im');
  switch (spec.type) {
    case 'pressEnter':
      return pattern ? pressEnterWhen(pattern) : pressEnter;
    case 'answer':
      return answerPrompt(pattern!, spec.text, spec.submit ?? true);
    case 'choose':
      return chooseOption(spec.option, pattern);
    case 'keys':
      return sendKeys(pattern!, spec.keys);
  }
}

/** The first handler that returns an action wins; null when none does. */
export function resolveWithHandlers(handlers: readonly AnswerHandler[], context: HandlerContext): AnswerAction | null {
  for (const handler of handlers) {
    const action = handler(context);
    if (action) return action;
  }
  return null;
}
