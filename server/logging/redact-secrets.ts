/** What a credential looks like where it can end up in a log line: a `token=` query value or a Bearer header. */
const SECRET = /([?&]token=|Bearer\s+|"token"\s*:\s*")[^&\s"'\\]+/gi;

export const REDACTED = '<redacted: `gatehouse open` prints the link>';

/** Replaces every credential in a log line; the rest of the line stays as it was. */
export function redactSecrets(line: string): string {
  return line.includes('oken') || line.includes('earer') ? line.replace(SECRET, (_m, key: string) => key + REDACTED) : line;
}
