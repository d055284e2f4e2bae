/** ANSI escapes and text measuring for the terminal UI (no dependencies). */

const colorOn = !process.env.NO_COLOR;
const sgr = (code: string) => (text: string) => (colorOn ? `\x1b[${code}m${text}\x1b[0m` : text);

export const style = {
  bold: sgr('1'),
  dim: sgr('2'),
  inverse: (text: string) => `\x1b[7m${text}\x1b[27m`,
  red: sgr('31'),
  green: sgr('32'),
  yellow: sgr('33'),
  cyan: sgr('36'),
  magenta: sgr('35'),
};

export const esc = {
  altScreenOn: '\x1b[?1049h',
  altScreenOff: '\x1b[?1049l',
  cursorHide: '\x1b[?25l',
  cursorShow: '\x1b[?25h',
  home: '\x1b[H',
  clearLineRight: '\x1b[K',
  clearBelow: '\x1b[J',
  reset: '\x1b[0m',
};

const ANSI_PATTERN = /\x1b\[[0-9;?]*[A-Za-z]/g;

/**
 * This UI's own text without the styling escapes it adds (`style`, `esc`), to measure or cut it. Not for a
 * program's terminal output: that is read by stripAnsi (server/orchestrator/terminal/ansi.ts), which also takes
 * control characters out and keeps what a redrawn line showed last.
 */
export function withoutStyles(text: string): string {
  return text.replace(ANSI_PATTERN, '');
}

/** Columns a code point takes: 2 for East Asian wide / emoji, 0 for combining marks, else 1. */
export function charWidth(cp: number): number {
  if (cp === 0 || (cp >= 0x300 && cp <= 0x36f) || (cp >= 0x200b && cp <= 0x200f) || cp === 0xfe0f) return 0;
  if (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0x303e) ||
    (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xa000 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1f64f) ||
    (cp >= 0x1f900 && cp <= 0x1f9ff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  )
    return 2;
  return 1;
}

/** Display width of a string, ignoring ANSI escapes. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of withoutStyles(text)) width += charWidth(ch.codePointAt(0)!);
  return width;
}

/** Cuts plain text to at most `width` columns, ending with … when cut. */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let out = '';
  let used = 0;
  for (const ch of text) {
    const w = charWidth(ch.codePointAt(0)!);
    if (used + w > width - 1) break;
    out += ch;
    used += w;
  }
  return out + '…';
}

/** Wraps plain text to `width` columns (words where possible, hard breaks for long words and CJK). */
export function wrap(text: string, width: number): string[] {
  const max = Math.max(1, width);
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const token of paragraph.match(/\S+\s*|\s+/g) ?? ['']) {
      const tokenWidth = displayWidth(token.trimEnd());
      if (lineWidth + tokenWidth <= max) {
        line += token;
        lineWidth += displayWidth(token);
        continue;
      }
      if (tokenWidth <= max && line.trim()) {
        lines.push(line.trimEnd());
        line = token;
        lineWidth = displayWidth(token);
        continue;
      }
      for (const ch of token) {
        const w = charWidth(ch.codePointAt(0)!);
        if (lineWidth + w > max) {
          lines.push(line.trimEnd());
          line = '';
          lineWidth = 0;
        }
        line += ch;
        lineWidth += w;
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** Pads (or cuts) a line that may hold ANSI escapes to exactly `width` columns. */
export function fitLine(text: string, width: number): string {
  const w = displayWidth(text);
  if (w <= width) return text + ' '.repeat(width - w);
  return truncate(withoutStyles(text), width);
}
