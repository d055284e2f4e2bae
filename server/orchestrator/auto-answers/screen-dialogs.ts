// Dialogs an adapter knows by their own words (first-run, trust, sign-in): the question a person is asked is the
// dialog's own heading (the reader takes the line above the list, which may be a hint), and the options that leave
// the terminal — a browser or device sign-in, which cannot finish from a phone or offline — are relayed marked and
// never picked or pressed by a policy.
import type { AnswerAction } from './answer-types.js';
import type { TerminalWait } from '../terminal/task-terminal.js';

/** A known dialog, compiled from adapter data (adapter-schema.ts `dialogs`). */
export interface KnownDialog {
  /** On the screen when the dialog is: its group 1 (else the whole match) is the question a person is asked. */
  question: RegExp;
  /** Options (as shown, without their number) that leave the terminal, with what a person is told of each. */
  outside: ReadonlyArray<{ option: string; note: string }>;
}

interface Options {
  options: ReadonlyArray<{ index: number; text: string }>;
  cursor: number;
  screen: string;
  /**
   * What was drawn since the last input: a dialog is looked for there (one answered before is not in it); on the
   * screen when nothing was (a dialog redrawn in place over the one answered).
   */
  block?: string;
}

/** Where a dialog is looked for: the block drawn since the last input, else (none) the screen. */
export const shownSinceInput = (wait: { block?: string; screen: string }) => (wait.block?.trim() ? wait.block : wait.screen);

const withoutNumber = (text: string) => text.replace(/^[([]?\d{1,3}[).:\]]\s+/, '');

/** The known dialog on this screen and its question, or null. */
export function dialogOn(screen: string, dialogs: readonly KnownDialog[]): { dialog: KnownDialog; question: string } | null {
  for (const dialog of dialogs) {
    const match = dialog.question.exec(screen);
    if (match) return { dialog, question: (match[1] ?? match[0]).trim() };
  }
  return null;
}

/** The note of each option of a known dialog on `screen` that leaves the terminal, by option index. */
export function outsideOptions(wait: Options, dialogs: readonly KnownDialog[]): Map<number, string> {
  const found = new Map<number, string>();
  const dialog = dialogOn(shownSinceInput(wait), dialogs)?.dialog;
  if (!dialog) return found;
  for (const option of wait.options) {
    const outside = dialog.outside.find((o) => withoutNumber(option.text).startsWith(o.option));
    if (outside) found.set(option.index, outside.note);
  }
  return found;
}

/** The wait as a person is asked it: the dialog's own question, its options that leave the terminal marked. */
export function relayedWait(wait: TerminalWait, dialogs: readonly KnownDialog[]): TerminalWait {
  const known = dialogOn(shownSinceInput(wait), dialogs);
  if (!known) return wait;
  const outside = outsideOptions(wait, dialogs);
  const options = wait.options.map((o) => (outside.has(o.index) && !o.text.includes(outside.get(o.index)!) ? { ...o, text: `${o.text} (${outside.get(o.index)})` } : o));
  return { ...wait, prompt: known.question, options };
}

/**
 * A policy's action kept only when it leaves the terminal alone: null for a pick of an option that leaves it, or
 * for keys, text or Enter while such an option is highlighted (Enter would take it).
 */
export function insideTerminal(action: AnswerAction | null, wait: Options, dialogs: readonly KnownDialog[]): AnswerAction | null {
  if (!action) return null;
  const outside = outsideOptions(wait, dialogs);
  if (!outside.size) return action;
  if (action.type === 'choose') return outside.has(action.index) ? null : action;
  return outside.has(wait.cursor) ? null : action;
}
