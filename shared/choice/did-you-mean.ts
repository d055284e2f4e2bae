/** Edit distance (insert, delete, substitute, swap of neighbours), for suggesting a known name for a typo. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The known name an unknown one was most likely meant to be, or null when none is close. */
export function closestName(unknown: string, known: readonly string[]): string | null {
  const plain = (s: string) => s.toLowerCase().replace(/[-_\s]/g, '');
  let best: { name: string; score: number } | null = null;
  for (const name of known) {
    const score = plain(name) === plain(unknown) ? 0 : distance(unknown.toLowerCase(), name.toLowerCase());
    if (!best || score < best.score) best = { name, score };
  }
  if (!best) return null;
  return best.score <= Math.max(2, Math.floor(unknown.length / 4)) ? best.name : null;
}

/** "unknown field", with "— did you mean …?" when a known name is close, else the list of known names. */
export function unknownFieldMessage(unknown: string, known: readonly string[]): string {
  const guess = closestName(unknown, known);
  return guess ? `unknown field — did you mean "${guess}"?` : `unknown field (known: ${known.join(', ')})`;
}
