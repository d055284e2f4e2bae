/** Escape sequences: CSI (incl. private modes), OSC (BEL or ST terminated), DCS/SOS/PM/APC, and 2-byte ESC. */
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[PX^_][^\x1b]*\x1b\\|\x1b[@-Z\\-_]|\x1b[()#][0-9A-Za-z]|[\x00-\x08\x0b\x0c\x0e-\x1a\x1c-\x1f\x7f]/g;

/** Marks "the line was erased here" between the two passes (a private-use character). */
const ERASED = '\uE000';

/**
 * Raw terminal output → plain text for programmatic analysis (spec: Output Sanitization): escape
 * sequences and control characters removed, CRLF → LF, a bare CR (redraw of the same line) keeps what
 * was drawn last on that line. For what is *on screen*, use the PTY core's rendered screen instead.
 */
export function stripAnsi(raw: string): string {
  return raw
    .replace(/\x1b\[2K/g, '\r' + ERASED)
    .replace(ANSI, '')
    .replace(/\r+\n/g, '\n')
    .split('\n')
    .map((line) => {
      const parts = line.split('\r');
      if (parts.length === 1) return line.replaceAll(ERASED, '');
      return parts.reduce((shown, part) => (part.startsWith(ERASED) ? part.slice(1) : part + shown.slice(part.length)), '');
    })
    .join('\n');
}
