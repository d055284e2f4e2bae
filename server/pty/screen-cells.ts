import type { IBuffer, IBufferCell } from '@xterm/headless';
import { logicalLines } from './buffer-lines.js';

/** The attributes of one cell as a comparable key (colours, bold, underline, inverse, dim, italic). */
export function styleKey(cell: IBufferCell): string {
  return [
    cell.getFgColorMode(), cell.getFgColor(), cell.getBgColorMode(), cell.getBgColor(),
    cell.isBold(), cell.isUnderline(), cell.isInverse(), cell.isDim(), cell.isItalic(),
  ].join(',');
}

/** Palette modes of a style key's colour (xterm: 16 and 256 colours); colour 8 there is grey. */
const PALETTE_MODES = new Set(['16777216', '33554432']);

/** The style key (see styleKey) draws its text faint: dim, or in the palette's grey. */
export function isFaint(key: string): boolean {
  const [fgMode, fg, , , , , , dim] = key.split(',');
  return (!!dim && dim !== '0' && dim !== 'false') || (PALETTE_MODES.has(fgMode) && fg === '8');
}

/** Style of the first letter/digit cell of the logical line starting at `row` ('' if none). */
export function rowStyle(buf: IBuffer, row: number): string {
  for (let y = row; y < buf.length && (y === row || buf.getLine(y)?.isWrapped); y++) {
    const line = buf.getLine(y);
    if (!line) break;
    for (let x = 0; x < line.length; x++) {
      const cell = line.getCell(x);
      if (!cell || !/[\p{L}\p{N}[(]/u.test(cell.getChars())) continue;
      return styleKey(cell);
    }
  }
  return '';
}

/** One style key per code point of the logical line `text` starting at `row` (a wide character takes one). */
export function cellStyles(buf: IBuffer, row: number, text: string): string[] {
  const out: string[] = [];
  const want = Array.from(text).length;
  for (let y = row; y < buf.length && out.length < want && (y === row || buf.getLine(y)?.isWrapped); y++) {
    const line = buf.getLine(y);
    if (!line) break;
    for (let x = 0; x < line.length && out.length < want; x++) {
      const cell = line.getCell(x);
      if (!cell || cell.getWidth() === 0) continue;
      out.push(styleKey(cell));
    }
  }
  while (out.length < want) out.push('');
  return out;
}

/** The logical line starting at buffer row `row` (wrapped rows joined) as the reader takes it: text and styles. */
export function lineAt(buf: IBuffer, row: number): { text: string; row: number; style: string; styles: string[] } {
  const text = logicalLines(buf, row, 1).lines[0] ?? '';
  return { text, row, style: rowStyle(buf, row), styles: cellStyles(buf, row, text) };
}
