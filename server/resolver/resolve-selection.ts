import type { Reading } from '../pty/index.js';
import { planAnswer, type AnswerPlan } from './answer-plan.js';
import type { ResolveAnswer, ResolveScreen, ResolveSelection } from './resolve-types.js';
import type { TsciRun } from './tsci-run.js';

/** The selection an agent sees for a reading of tsci's screen (the block verbatim included). */
export const selectionOf = (menu: Reading, id: string): ResolveSelection => ({
  selection_id: id,
  prompt: menu.prompt,
  options: menu.options,
  cursor_index: menu.cursor_index,
  answer_with: menu.answer_with,
  ...(menu.kind === 'multi_select' ? { multi_select: true as const } : {}),
  ...(menu.marked.length || menu.kind === 'multi_select' ? { marked: menu.marked } : {}),
  ...(menu.labels && menu.answer_with === 'text' ? { labels: menu.labels } : {}),
  ...(menu.descriptions ? { descriptions: menu.descriptions } : {}),
  screen: menu.screen,
});

/** The same menu, maybe drawn in another order (answers map by option text, so order does not matter). */
export const sameOptions = (a: ResolveSelection, b: ResolveSelection) => a.prompt === b.prompt && JSON.stringify([...a.options].sort()) === JSON.stringify([...b.options].sort());

/**
 * Gives an earlier answer again on a re-run, mapped by option text onto the menu as it is drawn now. Resolves
 * with the selection it answered, or null when the menu is not the one answered before (or the pick was
 * refused): then it is presented, never answered blind.
 */
export async function replayAnswer(run: TsciRun, menu: Reading, rec: { selection: ResolveSelection; answer: ResolveAnswer }): Promise<ResolveSelection | null> {
  const again = selectionOf(menu, rec.selection.selection_id);
  let plan: AnswerPlan | null = null;
  try {
    plan = sameOptions(again, rec.selection) ? planAnswer(again, rec.answer) : null;
  } catch {
    plan = null;
  }
  if (!plan) return null;
  return (await run.apply(plan, menu.options)).ok ? again : null;
}

/** Rows of scrollback a task's view carries above tsci's visible screen. */
const SCREEN_SCROLLBACK = 200;

/** The rendered terminal of a run, as the task's view carries it (the visible screen and a bounded scrollback). */
export function screenOf(run: TsciRun): ResolveScreen {
  const s = run.program.screen({ scrollback: SCREEN_SCROLLBACK });
  return { lines: s.lines, cursor: s.cursor, cols: s.cols, rows: s.rows };
}
