import { isSpinnerVariant, stripSpinnerPrefix } from './spinner-variant.js';

/**
 * What each screen row showed since the last input, before being erased or overwritten. Lets the block
 * parser recover text a spinner painted over (a confirm drawn on the spinner's line) and recognise rows
 * that are only a spinner animating.
 */
export class RowHistory {
  private readonly seen = new Map<number, string[]>();
  /**
   * How often each row was seen changing alone, in spinner cells only (a menu pointer moving changes two rows
   * at once; a checkbox toggled changes one row once — a spinner keeps changing).
   */
  private readonly ticked = new Map<number, number>();

  tick(row: number): void {
    this.ticked.set(row, (this.ticked.get(row) ?? 0) + 1);
  }

  record(row: number, text: string): void {
    if (!text.trim()) return;
    const list = this.seen.get(row) ?? [];
    if (list[list.length - 1] !== text && !list.includes(text)) list.push(text);
    if (list.length > 64) list.splice(0, list.length - 64);
    this.seen.set(row, list);
  }

  /** What each row showed when the input was sent: erasing that is the program moving on, not a spinner wiping. */
  private atInput = new Map<number, string>();

  clear(rowsAtInput: Map<number, string> = new Map()): void {
    this.seen.clear();
    this.ticked.clear();
    this.atInput = rowsAtInput;
  }

  /**
   * The row is a spinner animating: earlier renderings differ from now only in spinner cells, and the row
   * went through more than two such frames since the input or changed alone in them (a pointer moving past a
   * row changes it together with the row the pointer lands on; a checkbox toggled changes once: neither is a
   * spinner).
   */
  isSpinnerRow(row: number, current: string): boolean {
    const list = this.seen.get(row);
    if (!list || !current.trim()) return false;
    const frames = list.filter((t) => isSpinnerVariant(t, current)).length;
    if (!frames) return false;
    const ticked = this.ticked.get(row) ?? 0;
    // Two earlier frames, or changing alone twice, or once after painting over other text. A pointer moving
    // on and off a row gives it only one other rendering, and never alone (the row it lands on changes too).
    return frames >= 2 || ticked >= 2 || (ticked >= 1 && list.length >= 2);
  }

  /**
   * Text that was on a spinner row and got painted over by the spinner, oldest first. Only what the spinner
   * wiped counts (the text just before its first frame, and after): an earlier screen the program erased
   * itself (a menu closing) does not.
   */
  wipedFrom(row: number, current: string): string[] {
    const out: string[] = [];
    const list = this.seen.get(row) ?? [];
    const spinnerSince = list.findIndex((t) => t === current || isSpinnerVariant(t, current) || stripSpinnerPrefix(t, current) !== null);
    // The glyphs this spinner has drawn at the start of the row: an earlier message of the same spinner (its
    // text changed: "⠋ Searching..." → "⠙ Importing...") starts with one of them and was not wiped, it moved on.
    const rendered = [...list, current];
    const frames = rendered.filter((t) => rendered.some((u) => isSpinnerVariant(t, u)));
    const glyphs = new Set(frames.map(spinnerGlyph).filter((g) => g));
    // The spinner's first paint wiped what was on the row just before it (a prompt drawn there): keep that one.
    for (const text of spinnerSince < 0 ? [] : list.slice(Math.max(0, spinnerSince - 1))) {
      if (text === current || isSpinnerVariant(text, current)) continue;
      if (glyphs.has(spinnerGlyph(text))) continue;
      const before = this.atInput.get(row);
      if (before !== undefined && (text === before || isSpinnerVariant(text, before))) continue;
      const rest = stripSpinnerPrefix(text, current);
      const wiped = (rest ?? text).trim();
      if (wiped && !out.includes(wiped)) out.push(wiped);
    }
    return out;
  }
}

/** The glyph a spinner frame starts with (`⠋ Searching...` → `⠋`): one or two non-letter cells before a space; '' otherwise. */
function spinnerGlyph(text: string): string {
  return /^\s*([^\p{L}\p{N}\s]{1,2}) \S/u.exec(text)?.[1] ?? '';
}
