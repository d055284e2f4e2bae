/**
 * What a secret looks like where it can end up in a log line: a `token=` (the hub's credential) or `gate=` (a gate
 * link's capability) query value, a Bearer header, a `"token"` field, or the gate-grants cookie.
 */
const SECRET = /([?&](?:token|gate)=|Bearer\s+|"token"\s*:\s*"|gatehouse_(?:token|gates)=)[^&\s"'\\;]+/gi;

export const REDACTED = '<redacted: `gatehouse open` prints the link>';

/** Replaces every credential and gate capability in a log line; the rest of the line stays as it was. */
export function redactSecrets(line: string): string {
  return line.includes('oken') || line.includes('earer') || line.includes('gate') ? line.replace(SECRET, (_m, key: string) => key + REDACTED) : line;
}
