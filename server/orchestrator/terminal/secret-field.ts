// A field the CLI itself marks as a key (a known dialog with `secret: true` in its adapter data, e.g. Codex's
// "Paste or type your API key below."): what is typed into it while it is up is kept as the task's secrets, and
// every rendered screen gatehouse relays, stores or logs has those characters replaced by • — found on the rendered
// rows (never by patterns over the program's raw bytes). The raw bytes themselves are not relayed while the field
// is up (secret-field-relay.ts repaints attached viewers from the masked screen instead).

export const MASK = '•';

/** How a secret is named where the typed text would otherwise be recorded. */
export const secretNote = (length: number) => `‹secret, ${length} characters›`;

/**
 * The characters a field holds after `data` (keystrokes as written to the terminal) is typed into one that held
 * `typed`: printable text appended, Backspace/DEL takes the last one back, Ctrl-U clears; escape sequences (arrows,
 * bracketed-paste marks), Enter and other controls add nothing.
 */
export function typedInto(typed: string, data: string): string {
  let out = typed;
  for (let i = 0; i < data.length; i++) {
    const ch = data[i];
    const code = ch.charCodeAt(0);
    if (ch === '\x1b') {
      // ESC [ … final byte, ESC O x, or ESC x.
      const next = data[i + 1];
      if (next === '[') {
        i += 2;
        while (i < data.length && !/[@-~]/.test(data[i])) i++;
      } else if (next !== undefined) i += 1;
      continue;
    }
    if (code === 0x7f || code === 0x08) out = [...out].slice(0, -1).join('');
    else if (code === 0x15) out = '';
    else if (code >= 0x20) out += ch;
  }
  return out;
}

/** Shortest piece of a secret masked on its own (a field narrower than the key shows it in pieces). */
const MIN_PIECE = 4;

/** The longest run of `row` that is also a run of `secret`: [start, length] in `row`. */
function longestShared(row: string, secret: string): [number, number] {
  let best: [number, number] = [0, 0];
  let prev = new Array<number>(secret.length + 1).fill(0);
  for (let i = 1; i <= row.length; i++) {
    const cur = new Array<number>(secret.length + 1).fill(0);
    for (let j = 1; j <= secret.length; j++) {
      if (row[i - 1] === secret[j - 1]) {
        cur[j] = prev[j - 1] + 1;
        if (cur[j] > best[1]) best = [i - cur[j], cur[j]];
      }
    }
    prev = cur;
  }
  return best;
}

/**
 * One rendered row with every piece of each secret on it replaced by •: the whole secret, and — a field that
 * scrolls, wraps or cuts it — any run of it at least MIN_PIECE long (the whole secret when shorter).
 */
export function maskRow(row: string, secrets: readonly string[]): string {
  let out = row;
  for (const secret of secrets) {
    if (!secret) continue;
    const least = Math.min(secret.length, MIN_PIECE);
    for (;;) {
      const [start, length] = longestShared(out, secret);
      if (length < least) break;
      out = out.slice(0, start) + MASK.repeat(length) + out.slice(start + length);
    }
  }
  return out;
}

/** Rendered text (rows joined by newlines) with the secrets masked on each row. */
export function maskText(text: string, secrets: readonly string[]): string {
  if (!secrets.some((s) => s)) return text;
  return text
    .split('\n')
    .map((row) => maskRow(row, secrets))
    .join('\n');
}
