/** Seconds per unit of a duration like "30d" (`gatehouse pair --expires`). */
const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };
/** Longer than this is no expiry worth the name; a key that should live forever is paired without --expires. */
const MAX_SECONDS = 3650 * 86_400;

/**
 * "30d", "12h", "90m", "45s" → seconds. Anything else throws an error naming `field` (the flag or the body field)
 * and what it takes.
 */
export function parseDuration(text: string, field: string): number {
  const match = /^\s*(\d+)\s*([smhd])\s*$/i.exec(text);
  if (!match) throw new Error(`${field}: expected a whole number and a unit s, m, h or d (e.g. 30d, 12h), got ${JSON.stringify(text)}`);
  const seconds = Number(match[1]) * UNITS[match[2].toLowerCase()];
  if (seconds <= 0) throw new Error(`${field}: must be more than 0 (got ${JSON.stringify(text)})`);
  if (seconds > MAX_SECONDS) throw new Error(`${field}: must be at most 3650d (got ${JSON.stringify(text)}); leave it out for a key that does not expire`);
  return seconds;
}
