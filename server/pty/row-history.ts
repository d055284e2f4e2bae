import { isSpinnerVariant, stripSpinnerPrefix } from './spinner-variant.js';

/**
 * What each screen row showed since the last input, before being erased or overwritten. Lets the block
 * parser recover text a spinner painted over (a confirm drawn on the spinner's line) and recognise rows
 * that are only a spinner animating.
 */
export class RowHistory {
  private readonly seen = new Map<number, string[]>();

  record(row: number, text: string): void {
    if (!text.trim()) return;
    const list = this.seen.get(row) ?? [];
    if (list[list.length - 1] !== text && !list.includes(text)) list.push(text);
    if (list.length > 64) list.splice(0, list.length - 64);
    this.seen.set(row, list);
  }

  clear(): void {
    this.seen.clear();
  }

  /** The row is a spinner animating: at least two earlier renderings differ from now only in spinner cells. */
  isSpinnerRow(row: number, current: string): boolean {
    const list = this.seen.get(row);
    if (!list || !current.trim()) return false;
    return list.filter((t) => isSpinnerVariant(t, current)).length >= 2;
  }

  /** Text that was on a spinner row and got painted over by the spinner, oldest first. */
  wipedFrom(row: number, current: string): string[] {
    const out: string[] = [];
    for (const text of this.seen.get(row) ?? []) {
      if (text === current || isSpinnerVariant(text, current)) continue;
      const rest = stripSpinnerPrefix(text, current);
      const wiped = (rest ?? text).trim();
      if (wiped && !out.includes(wiped)) out.push(wiped);
    }
    return out;
  }
}
