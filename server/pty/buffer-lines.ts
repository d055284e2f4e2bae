import type { IBuffer } from '@xterm/headless';

/** The text of buffer row `y` ('' past the end), right-trimmed unless `trimRight` is false. */
export function rowText(buf: IBuffer, y: number, trimRight = true): string {
  return buf.getLine(y)?.translateToString(trimRight) ?? '';
}

/**
 * The logical lines (wrapped rows joined, right-trimmed) from buffer row `from` on, at most `maxLines` of them,
 * each with the buffer row it starts on.
 */
export function logicalLines(buf: IBuffer, from: number, maxLines = Infinity): { lines: string[]; starts: number[] } {
  const lines: string[] = [];
  const starts: number[] = [];
  for (let y = from; y < buf.length; y++) {
    const line = buf.getLine(y);
    if (!line) break;
    if (!line.isWrapped && lines.length >= maxLines) break;
    const nextWrapped = buf.getLine(y + 1)?.isWrapped === true;
    const text = line.translateToString(!nextWrapped);
    if (line.isWrapped && lines.length) lines[lines.length - 1] += text;
    else {
      lines.push(text);
      starts.push(y);
    }
  }
  return { lines: lines.map((l) => l.trimEnd()), starts };
}

/** The first row of the logical line that buffer row `row` belongs to. */
export function logicalStart(buf: IBuffer, row: number): number {
  while (row > 0 && buf.getLine(row)?.isWrapped) row--;
  return row;
}

/**
 * Where to start rendering to keep the last `max` rows up to the cursor's row, at or after row `floor` (rows
 * below the cursor — a list drawn under its prompt, blank rows — are always kept).
 */
export function tailStart(buf: IBuffer, floor: number, max: number): number {
  return Math.max(floor, logicalStart(buf, Math.max(floor, buf.baseY + buf.cursorY + 1 - max)));
}
