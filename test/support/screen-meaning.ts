// What a person sees on a recorded agent screen (test/fixtures/agent-screens/<cli>/<name>.json), and the check
// that a rendered screen really shows it.

export interface ScreenMeaning {
  /** 'permission' | 'idle' | 'working' | 'trust' | 'first-run' | 'sign-in' */
  kind: string;
  /** The dialog's own question, as shown (null when the screen asks nothing). */
  question: string | null;
  /**
   * The question is a heading further up than the reader looks (it takes the line above the list or field, here a
   * hint): the CLI's adapter names it (`dialogs` in server/agents/<cli>/adapter.ts).
   */
  questionFromAdapter?: boolean;
  /** The options in screen order, as shown, without their number or highlight marker (empty when none). */
  options: string[];
  /** Index into options of the highlighted one (null when none). */
  highlighted: number | null;
  /** Anything a reader should know about this screen. */
  note?: string;
}

/**
 * Why `screen` (visible rows) does not show `meaning`, or null when it does: the question and every option
 * on screen, the options in the stated order. Options may wrap (by the terminal, or by the CLI inside box
 * borders), so the screen is read as one line with borders dropped and runs of spaces collapsed.
 */
export function meaningProblem(screen: string[], meaning: ScreenMeaning): string | null {
  const flat = (t: string) => t.replace(/[│┃║]/g, ' ').replace(/\s+/g, ' ').trim();
  const whole = flat(screen.join(' '));
  if (meaning.question !== null && !whole.includes(flat(meaning.question))) return `the question "${meaning.question}" is not on screen`;
  let at = 0;
  for (const option of meaning.options) {
    const found = whole.indexOf(flat(option), at);
    if (found < 0) return `option "${option}" is not on screen below the one before it`;
    at = found + flat(option).length;
  }
  if (meaning.highlighted !== null && (meaning.highlighted < 0 || meaning.highlighted >= meaning.options.length)) {
    return `highlighted index ${meaning.highlighted} is outside the ${meaning.options.length} options`;
  }
  return null;
}
