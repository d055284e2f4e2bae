// What the screen gives its readers: the lines of the block a program drew since the last input, and the
// terminal's view (rendered lines, cursor, modes). Rendered by terminal-screen.ts.

/** One logical line of the block: its text, first buffer row (-1 for text a spinner wiped), content style. */
export interface BlockLine {
  text: string;
  row: number;
  /** Attributes of the first letter/digit cell (colour, bold, underline, inverse…): tells a highlighted row. */
  style: string;
  /** Attributes of every character of `text` (same order as its code points); absent for plain-text input. */
  styles?: string[];
}

export interface ScreenView {
  /** Rendered logical lines (wrapped rows joined), scrollback included, right-trimmed, trailing blanks dropped. */
  lines: string[];
  /** Cursor as an index into `lines` and a column within that logical line; `row`: the buffer row that line starts on. */
  cursor: { line: number; column: number; visible: boolean; row?: number };
  /** The program switched to the alternate screen (a full-screen program). */
  alternate?: boolean;
  cols: number;
  rows: number;
  /** DECCKM: the program asked for application cursor keys. */
  applicationCursor: boolean;
}
