import type { IMarker, Terminal } from '@xterm/headless';
import { cellStyles, rowStyle } from './screen-cells.js';
import { headlessXterm } from './native-modules.js';
import { RowHistory } from './row-history.js';
import { logicalLines, logicalStart, rowText, tailStart } from './buffer-lines.js';
import { isSpinnerVariant } from './spinner-variant.js';

/**
 * The most logical lines of a block that are read (the last ones): a question is what a person reads at its end,
 * not the ten thousand lines a program printed before it, and reading costs what is rendered.
 */
const READ_LINES_MAX = 1000;

export type { BlockLine, ScreenView } from './screen-types.js';
import type { BlockLine, ScreenView } from './screen-types.js';

/**
 * The program's screen, rendered by @xterm/headless. Tracks where the block the program drew since the
 * last input starts: the row after the first line feed that followed the input (the answered question and
 * its echo stay above it). Replies to terminal queries (cursor position…) go back through `reply`.
 */
export class TerminalScreen {
  readonly term: Terminal;
  /** Increments every time a chunk of output has been parsed. */
  version = 0;
  /** When the visible screen last changed in a way that is more than a spinner animating (epoch ms). */
  meaningfulChangeAt = Date.now();
  private pending = 0;
  private idleWaiters: Array<() => void> = [];
  private blockStart: IMarker | undefined;
  private lineFeedStart: IMarker | undefined;
  private awaitingLineFeed = false;
  private anchor: { marker: IMarker; textAtInput: string | null } | null = null;
  private readonly history = new RowHistory();
  private lastReplacement: { row: number; text: string } | null = null;
  private readonly lastRowText = new Map<number, string>();
  private readonly parsedListeners = new Set<() => void>();

  constructor(cols: number, rows: number, reply: (data: string) => void) {
    this.term = new (headlessXterm().Terminal)({ cols, rows, scrollback: 10_000, allowProposedApi: true });
    this.term.onData(reply);
    this.term.onLineFeed(() => {
      if (!this.awaitingLineFeed) return;
      this.awaitingLineFeed = false;
      this.lineFeedStart?.dispose();
      this.lineFeedStart = this.term.registerMarker(0);
    });
    const eraseHook = (rowsOf: (params: (number | number[])[]) => number[]) => (params: (number | number[])[]) => {
      const base = this.term.buffer.active.baseY;
      for (const y of rowsOf(params)) this.history.record(base + y, this.rowText(base + y));
      return false;
    };
    const cursorY = () => this.term.buffer.active.cursorY;
    const allRows = () => Array.from({ length: this.term.rows }, (_, i) => i);
    this.term.parser.registerCsiHandler({ final: 'K' }, eraseHook(() => [cursorY()]));
    this.term.parser.registerCsiHandler(
      { final: 'J' },
      eraseHook((p) => {
        const mode = typeof p[0] === 'number' ? p[0] : 0;
        if (mode === 1) return allRows().filter((y) => y <= cursorY());
        if (mode === 0) return allRows().filter((y) => y >= cursorY());
        return allRows();
      }),
    );
  }

  /**
   * Hands output to the parser. The per-screen work (row diffing, listeners) runs once the parser has caught
   * up with everything queued, not per chunk: a program printing a megabyte costs one diff per burst the
   * parser takes in, while output that arrives slower than it is parsed (spinner frames) is still seen frame
   * by frame.
   */
  write(data: string): void {
    this.pending++;
    this.term.write(data, () => {
      this.pending--;
      if (this.pending > 0) return;
      this.version++;
      this.noteRowChanges();
      for (const l of this.parsedListeners) l();
      for (const w of this.idleWaiters.splice(0)) w();
    });
  }

  /** Resolves once every byte handed to `write` so far has been parsed. */
  parsed(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  onParsed(listener: () => void): () => void {
    this.parsedListeners.add(listener);
    return () => this.parsedListeners.delete(listener);
  }

  /** Call when input is sent: output parsed from now on belongs to a new block. */
  markInput(): void {
    this.pending++;
    this.term.write('', () => {
      this.pending--;
      const start = this.blockStartRow();
      this.blockStart?.dispose();
      this.blockStart = this.markerAt(start);
      this.lineFeedStart?.dispose();
      this.lineFeedStart = undefined;
      this.awaitingLineFeed = true;
      if (this.anchor) this.anchor.textAtInput = this.rowText(this.anchor.marker.line);
      this.history.clear(new Map(this.lastRowText));
      if (this.pending === 0) for (const w of this.idleWaiters.splice(0)) w();
    });
  }

  get applicationCursor(): boolean {
    return this.term.modes.applicationCursorKeysMode;
  }

  /**
   * The rendered screen. `scrollback`: keep at most this many rows above the visible screen (default: all of
   * them — up to 10,000 rows, which is slow to render and large to send after a program printed a lot).
   */
  view(opts: { scrollback?: number } = {}): ScreenView {
    const buf = this.term.buffer.active;
    const absCursor = buf.baseY + buf.cursorY;
    const { lines, starts } = logicalLines(buf, logicalStart(buf, Math.max(0, buf.baseY - (opts.scrollback ?? buf.baseY))));
    let line = 0;
    for (let i = 0; i < starts.length; i++) if (starts[i] <= absCursor) line = i;
    const column = (absCursor - (starts[line] ?? 0)) * this.term.cols + buf.cursorX;
    while (lines.length && !lines[lines.length - 1]) lines.pop();
    return {
      lines,
      cursor: { line, column, visible: !this.cursorHidden(), row: starts[line] ?? 0 },
      cols: this.term.cols,
      rows: this.term.rows,
      applicationCursor: this.applicationCursor,
      alternate: buf.type === 'alternate',
    };
  }

  /**
   * The row of a menu the program redraws in place when navigated (its prompt line). After the next input,
   * if that row still shows the same text, the block still starts where it did (the menu was redrawn, not
   * answered). Set by the caller after reading an arrow-key menu; `null` for text prompts.
   */
  setAnchor(row: number | null): void {
    // The block as read now is the block until the next input.
    const start = this.blockStartRow();
    this.blockStart?.dispose();
    this.blockStart = this.markerAt(start);
    this.lineFeedStart?.dispose();
    this.lineFeedStart = undefined;
    this.anchor?.marker.dispose();
    const marker = row === null ? undefined : this.markerAt(row);
    this.anchor = marker ? { marker, textAtInput: null } : null;
  }

  /**
   * The logical lines drawn since the last input. A row that is only a spinner animating is replaced by
   * the text the spinner painted over (if any), so a prompt hidden under a spinner is still presented.
   */
  blockLines(): BlockLine[] {
    return this.blockTail(READ_LINES_MAX).lines;
  }

  /**
   * The block's last `max` logical lines, and how many earlier lines of the block were left out. Only the
   * kept rows are rendered, so a block of ten thousand lines costs what its tail costs. `styles: false`: text
   * only (no cell attributes), for a plain-text tail such as a failure reason.
   */
  blockTail(max: number, opts: { styles?: boolean } = {}): { lines: BlockLine[]; omitted: number } {
    const buf = this.term.buffer.active;
    const blockStart = this.blockStartRow();
    const from = tailStart(buf, blockStart, max);
    const { lines, starts } = logicalLines(buf, from);
    const out: BlockLine[] = [];
    lines.forEach((text, i) => {
      const row = starts[i];
      if (this.history.isSpinnerRow(row, text)) {
        for (const wiped of this.history.wipedFrom(row, text)) out.push({ text: wiped, row: -1, style: '' });
      } else if (opts.styles === false) out.push({ text, row, style: '' });
      else out.push({ text, row, style: rowStyle(buf, row), styles: cellStyles(buf, row, text) });
    });
    while (out.length && !out[out.length - 1].text.trim()) out.pop();
    let omitted = Math.max(0, out.length - max);
    out.splice(0, omitted);
    for (let y = blockStart; y < from; y++) if (!buf.getLine(y)?.isWrapped) omitted++;
    return { lines: out, omitted };
  }

  /** Something besides blank rows and a spinner animating over nothing was drawn in the block (cheap). */
  blockHasText(): boolean {
    const start = this.blockStartRow();
    const buf = this.term.buffer.active;
    for (let y = buf.length - 1; y >= start; y--) {
      if (!rowText(buf, y).trim()) continue;
      y = logicalStart(buf, y);
      const text = logicalLines(buf, y, 1).lines[0] ?? '';
      if (!this.history.isSpinnerRow(y, text) || this.history.wipedFrom(y, text).length > 0) return true;
    }
    return false;
  }

  /** A spinner animates in the block over nothing it wiped: the program is working, not asking. */
  spinningAlone(): boolean {
    const buf = this.term.buffer.active;
    const { lines, starts } = logicalLines(buf, tailStart(buf, this.blockStartRow(), READ_LINES_MAX));
    return lines.some((text, i) => this.history.isSpinnerRow(starts[i], text) && this.history.wipedFrom(starts[i], text).length === 0);
  }

  blockSinceLastInput(): string[] {
    return this.blockLines().map((l) => l.text);
  }

  /**
   * The last change replaced the text of the cursor's row with a line shaped like a spinner frame (a glyph,
   * a space, text): it may be a spinner's first frame painted over something — wait for its next frame.
   */
  maybeSpinnerStarting(): boolean {
    const r = this.lastReplacement;
    const buf = this.term.buffer.active;
    return r !== null && r.row === buf.baseY + buf.cursorY && /^[^\p{L}\p{N}\s]{1,2} \S/u.test(r.text) && this.rowText(r.row) === r.text;
  }

  /** The program drew a line feed since the last input (it moved past the line it was on). */
  lineFeedSinceInput(): boolean {
    return !this.awaitingLineFeed;
  }

  /** Absolute buffer row where the block since the last input starts. */
  blockStartRow(): number {
    const before = this.blockStart && !this.blockStart.isDisposed ? Math.max(0, this.blockStart.line) : 0;
    let start = before;
    if (this.lineFeedStart && !this.lineFeedStart.isDisposed) {
      const a = this.anchor;
      const redrawnInPlace =
        a && !a.marker.isDisposed && a.textAtInput !== null && a.marker.line >= before && this.rowText(a.marker.line) === a.textAtInput;
      if (!redrawnInPlace) start = Math.max(0, this.lineFeedStart.line);
    }
    return logicalStart(this.term.buffer.active, start);
  }

  resize(cols: number, rows: number): void {
    this.term.resize(cols, rows);
  }

  dispose(): void {
    this.blockStart?.dispose();
    this.lineFeedStart?.dispose();
    this.anchor?.marker.dispose();
    this.term.dispose();
  }

  private markerAt(row: number): IMarker | undefined {
    const buf = this.term.buffer.active;
    return this.term.registerMarker(row - (buf.baseY + buf.cursorY));
  }

  private cursorHidden(): boolean {
    // xterm keeps DECTCEM in the core service; not part of the public modes in v5.
    const core = (this.term as unknown as { _core?: { coreService?: { isCursorHidden?: boolean } } })._core;
    return core?.coreService?.isCursorHidden === true;
  }

  private rowText(y: number): string {
    return rowText(this.term.buffer.active, y);
  }

  private noteRowChanges(): void {
    const buf = this.term.buffer.active;
    const changed: Array<{ y: number; variant: boolean }> = [];
    for (let i = 0; i < this.term.rows; i++) {
      const y = buf.baseY + i;
      const text = this.rowText(y);
      const before = this.lastRowText.get(y);
      if (before !== undefined && before !== text) changed.push({ y, variant: isSpinnerVariant(before, text) });
      if (before !== undefined && before !== text) {
        this.history.record(y, before);
        if (!isSpinnerVariant(before, text)) {
          this.meaningfulChangeAt = Date.now();
          this.lastReplacement = before.trim() && text.trim() ? { row: y, text } : null;
        }
      } else if (before === undefined && text) {
        this.meaningfulChangeAt = Date.now();
        this.lastReplacement = null;
      }
      this.lastRowText.set(y, text);
    }
    if (changed.length === 1 && changed[0].variant) this.history.tick(changed[0].y);
    if (this.lastRowText.size > 4 * this.term.rows) {
      for (const key of this.lastRowText.keys()) if (key < buf.baseY) this.lastRowText.delete(key);
    }
  }
}
